import { INTAKE_STATUS_LABELS, type TAttachment, type TIntakeForm, type TIntakeStatus } from '@agency/contract';
import { Download, FileText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge, Button, ConfirmDialog, useToast, type BadgeTone } from '@/components/ui';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { downloadFile } from '@/lib/download';
import { errorMessage, formatDateTime } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { formatFileSize } from '@/lib/upload';
import { useSkipIntake } from '../api/skip-intake-form';

const TONES: Record<TIntakeStatus, BadgeTone> = { waiting: 'warning', submitted: 'success', skipped: 'default' };

/** Waiting for intake / Intake received / Started without intake. */
export function IntakeStatusBadge({ status }: { status: TIntakeStatus }) {
  return <Badge tone={TONES[status]}>{INTAKE_STATUS_LABELS[status]}</Badge>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-sm break-words whitespace-pre-wrap text-fg [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** A brand asset as a download (the file needs the Authorization header, so it is fetched, not linked). */
function AssetDownload({ asset }: { asset: TAttachment }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(asset.url, asset.name);
    } catch (err) {
      toast.error(errorMessage(err, 'Download failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={busy}
      className="flex w-full max-w-full items-center gap-2 rounded-md border border-border-strong bg-surface px-2.5 py-1.5 text-left text-xs font-medium text-fg hover:bg-canvas disabled:opacity-60 sm:w-auto"
    >
      <FileText aria-hidden className="h-4 w-4 shrink-0 text-fg-muted" />
      <span className="sr-only">Download </span>
      <span className="min-w-0 truncate">{asset.name}</span>
      <span className="shrink-0 text-fg-muted tabular-nums">{formatFileSize(asset.size)}</span>
      <Download aria-hidden className="ml-auto h-3.5 w-3.5 shrink-0 text-fg-muted" />
    </button>
  );
}

/** A sent form's answers: the account, goals, audience, competitors, brand assets (downloads), and who sent it when. */
export function IntakeAnswers({ form }: { form: TIntakeForm }) {
  return (
    <dl className="divide-y divide-border" data-testid="intake-answers">
      <Row label="Account to grow">{form.handle ?? '—'}</Row>
      <Row label="Goals">{form.goals ?? '—'}</Row>
      <Row label="Audience">{form.audience ?? '—'}</Row>
      <Row label="Competitors">
        {form.competitors.length === 0 ? (
          <span className="text-fg-subtle">None given</span>
        ) : (
          <ul className="space-y-0.5">
            {form.competitors.map((c, i) => (
              <li key={`${i}-${c}`}>{c}</li>
            ))}
          </ul>
        )}
      </Row>
      <Row label="Brand assets">
        {form.assets.length === 0 ? (
          <span className="text-fg-subtle">None uploaded</span>
        ) : (
          <ul className="flex flex-col gap-1.5 whitespace-normal">
            {form.assets.map((a) => (
              <li key={a.id} className="min-w-0">
                <AssetDownload asset={a} />
              </li>
            ))}
          </ul>
        )}
      </Row>
      <Row label="Sent">
        {form.submitted_by_name ?? 'The client'} on <span className="tabular-nums">{formatDateTime(form.submitted_at)}</span>
      </Row>
    </dl>
  );
}

/**
 * Staff: "Start without the form" with a confirmation. The order's delivery starts now and the client can no longer
 * send the form. Not offered to read-only staff.
 */
export function StartWithoutFormButton(props: { form: { id: number; subject: string }; size?: 'sm' | 'md' }) {
  const { canWrite } = useStaffRole();
  return canWrite ? <StartWithoutForm {...props} /> : null;
}

function StartWithoutForm({ form, size = 'sm' }: { form: { id: number; subject: string }; size?: 'sm' | 'md' }) {
  const invalidate = useInvalidateAffected('intake');
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  // The callbacks sit on the mutation, not on mutate(): the push of the skip can refresh the order before the
  // answer arrives and unmount this button with its form; mutate()'s own callbacks would then never run.
  const skip = useSkipIntake({
    onSuccess: () => {
      toast.success(`Work on ${form.subject} started without the intake form`);
      setConfirming(false);
      void invalidate();
    },
    onError: (err) => {
      toast.error(errorMessage(err, 'Could not start without the form'));
      setConfirming(false);
      // Sent or skipped meanwhile (409): show what the server has now.
      void invalidate();
    },
  });
  const start = () => skip.mutate({ params: { id: form.id } });
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setConfirming(true)}>
        Start without the form<span className="sr-only"> for {form.subject}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => !o && !skip.isPending && setConfirming(false)}
        title="Start without the intake form?"
        message={`The team starts the work on ${form.subject} now. The client can no longer send the form.`}
        confirmLabel="Start without the form"
        destructive={false}
        loading={skip.isPending}
        onConfirm={start}
      />
    </>
  );
}
