import type { TOrder } from '@agency/contract';
import { useId } from 'react';
import { Button, Skeleton, SkeletonGroup } from '@/components/ui';
import { useIntakeForm } from '@/entities/intake/api/get-intake-form';
import { IntakeAnswers, IntakeStatusBadge, StartWithoutFormButton } from '@/entities/intake/components/intake-bits';
import { errorMessage, formatDateTime } from '@/lib/format';
import { orderNumber } from '../order-summary';

/**
 * The order's intake form: waiting (its delivery waits; staff may start without it), the client's answers once sent,
 * or when the team started without it.
 */
export function OrderIntakeSection({ order, intake }: { order: TOrder; intake: NonNullable<TOrder['intake']> }) {
  const id = useId();
  const q = useIntakeForm(intake.id);
  const form = q.data?.status === 200 ? q.data.body : null;
  const status = form?.status ?? intake.status;
  const subject = `Order ${orderNumber(order)}`;

  let body;
  if (status === 'waiting') {
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm">
          <p className="text-fg">Waiting for the client&apos;s intake form.</p>
          <p className="text-xs text-fg-muted">The lines stay pending until the client sends it or you start without it.</p>
        </div>
        <StartWithoutFormButton form={{ id: intake.id, subject }} />
      </div>
    );
  } else if (q.isPending) {
    body = (
      <SkeletonGroup label="Loading the intake form" className="space-y-2">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-3/4" />
      </SkeletonGroup>
    );
  } else if (!form) {
    body = (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-danger-700">{errorMessage(q.error, 'Could not load the intake form')}</p>
        <Button variant="secondary" size="sm" onClick={() => void q.refetch()} loading={q.isFetching}>
          Try Again
        </Button>
      </div>
    );
  } else if (status === 'skipped') {
    body = (
      <p className="text-sm text-fg">
        Started without intake on <span className="tabular-nums">{formatDateTime(form.skipped_at)}</span>.
      </p>
    );
  } else {
    body = <IntakeAnswers form={form} />;
  }

  return (
    <section aria-labelledby={`${id}-title`} data-testid="order-intake" className="mt-4 space-y-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold text-fg">
          Intake
        </h3>
        <IntakeStatusBadge status={status} />
      </div>
      {body}
    </section>
  );
}
