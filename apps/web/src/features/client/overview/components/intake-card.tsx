import type { TIntakeForm } from '@agency/contract';
import { ClipboardList } from 'lucide-react';
import { Button, Card } from '@/components/ui';
import { useIntakeForms, WAITING_INTAKE_QUERY } from '@/entities/intake/api/list-intake-forms';
import { formatDay } from '@/lib/format';

/**
 * "Tell us what we need to start": the intake forms still waiting for the client's answers (after a paid order or a
 * new subscription), each with Fill in the form. Nothing while loading or when none wait (it is a prompt, not a list).
 */
export function IntakeCard({ onFill }: { onFill: (form: TIntakeForm) => void }) {
  const forms = useIntakeForms(WAITING_INTAKE_QUERY);
  if (forms.isPending) return null;
  if (forms.isError) {
    return (
      <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
        <p className="text-danger-700">Could not check for forms the team needs from you.</p>
        <Button variant="secondary" size="sm" onClick={() => void forms.refetch()} loading={forms.isFetching}>
          Try Again
        </Button>
      </Card>
    );
  }
  const waiting = forms.data.body.results;
  const [only] = waiting;
  if (!only) return null;

  return (
    <section
      aria-labelledby="intake-card-title"
      data-testid="intake-card"
      className="rounded-xl border border-brand-200 bg-brand-50 p-4 shadow-card sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <span className="self-start rounded-lg bg-surface p-2 text-brand-700">
          <ClipboardList aria-hidden className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="intake-card-title" className="text-base font-semibold text-fg">
            Tell us what we need to start
          </h2>
          {waiting.length === 1 ? (
            <p className="mt-1 text-sm text-fg-muted">
              Before the team starts on <span className="font-medium text-fg">{only.subject}</span>, tell us which account to grow,
              your goals and your audience. It takes about two minutes.
            </p>
          ) : (
            <p className="mt-1 text-sm text-fg-muted">Before the team starts, tell us about each of these. Each form takes about two minutes.</p>
          )}
        </div>
        {waiting.length === 1 && (
          <Button onClick={() => onFill(only)} className="self-start">
            Fill in the form<span className="sr-only"> for {only.subject}</span>
          </Button>
        )}
      </div>
      {waiting.length > 1 && (
        <ul className="mt-3 divide-y divide-brand-200 rounded-lg border border-brand-200 bg-surface sm:ml-11">
          {waiting.map((form) => (
            <li key={form.id} data-testid="intake-card-item" className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5">
              <div className="min-w-0">
                <p className="text-sm font-medium text-fg">{form.subject}</p>
                <p className="text-xs text-fg-muted">Asked {formatDay(form.requested_at)}</p>
              </div>
              <Button size="sm" onClick={() => onFill(form)}>
                Fill in the form<span className="sr-only"> for {form.subject}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
