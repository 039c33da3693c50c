import type { TIntakeForm, TIntakeListQuery } from '@agency/contract';
import { ClipboardList } from 'lucide-react';
import { Button, Skeleton, SkeletonGroup } from '@/components/ui';
import { useIntakeForms } from '@/entities/intake/api/list-intake-forms';
import { IntakeAnswers, IntakeStatusBadge, StartWithoutFormButton } from '@/entities/intake/components/intake-bits';
import { errorMessage, formatDateTime, formatDay } from '@/lib/format';

/** How many of a client's forms the details show (the newest first). */
export const CLIENT_INTAKE_LIMIT = 20;

function IntakeItem({ form }: { form: TIntakeForm }) {
  return (
    <li data-testid="client-intake" className="space-y-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="text-sm font-semibold text-fg">{form.subject}</h4>
          <p className="text-xs text-fg-muted tabular-nums">Asked {formatDay(form.requested_at)}</p>
        </div>
        <IntakeStatusBadge status={form.status} />
      </div>
      {form.status === 'submitted' && <IntakeAnswers form={form} />}
      {form.status === 'skipped' && (
        <p className="text-sm text-fg-muted">
          Started without intake on <span className="tabular-nums">{formatDateTime(form.skipped_at)}</span>.
        </p>
      )}
      {form.status === 'waiting' && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-fg-muted">Waiting for the client&apos;s answers.</p>
          <StartWithoutFormButton form={form} />
        </div>
      )}
    </li>
  );
}

/** Intake forms: what the client told the team after each paid order or new subscription. */
export function ClientIntakeForms({ clientId }: { clientId: number }) {
  const query: TIntakeListQuery = { client: clientId, page: 1, page_size: CLIENT_INTAKE_LIMIT, ordering: '-created_at' };
  const list = useIntakeForms(query);

  let body;
  if (list.isPending) {
    body = (
      <SkeletonGroup label="Loading intake forms" className="space-y-2">
        <Skeleton className="h-16 rounded-lg" />
        <Skeleton className="h-16 rounded-lg" />
      </SkeletonGroup>
    );
  } else if (list.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm">
        <p className="text-danger-700">{errorMessage(list.error, 'Could not load the intake forms')}</p>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()} loading={list.isFetching}>
          Try Again
        </Button>
      </div>
    );
  } else if (list.data.body.results.length === 0) {
    body = (
      <div className="flex items-center gap-3 rounded-lg border border-dashed border-border p-4 text-sm">
        <ClipboardList aria-hidden className="h-5 w-5 shrink-0 text-fg-subtle" />
        <div>
          <p className="font-medium text-fg">No intake forms yet</p>
          <p className="text-fg-muted">The client is asked for one after a paid order or a new subscription.</p>
        </div>
      </div>
    );
  } else {
    const { results, count } = list.data.body;
    body = (
      <>
        <ul className="space-y-2">
          {results.map((form) => (
            <IntakeItem key={form.id} form={form} />
          ))}
        </ul>
        {count > results.length && (
          <p className="text-xs text-fg-muted">
            The newest {results.length} of {count} forms.
          </p>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={`client-intake-${clientId}`} className="space-y-3 border-t border-border pt-4">
      <h3 id={`client-intake-${clientId}`} className="text-base font-semibold text-fg">
        Intake forms
      </h3>
      {body}
    </section>
  );
}
