import {
  contract,
  INTAKE_MAX_ASSETS,
  INTAKE_MAX_COMPETITORS,
  INTAKE_TEXT_MAX,
  UPLOAD_ACCEPT,
  ZIntakeSubmit,
  type TFile,
  type TIntakeSubmit,
} from '@agency/contract';
import { FileText, Plus, Trash2, Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ZodIssue } from 'zod';
import { Button, Dialog, Field, FormError, Input, Skeleton, SkeletonGroup, Spinner, Textarea, useToast } from '@/components/ui';
import { useOrder } from '@/entities/orders/api/get-order';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { useClientPermission } from '@/lib/client-permission';
import { cn } from '@/lib/cn';
import { errorMessage, formatCount } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';
import { formatFileSize, uploadFile, uploadProblem } from '@/lib/upload';
import { useSubmitIntake } from '../api/submit-intake-form';

/** The form a dialog opens: which one, what it is for ('Order #12', 'Pro plan') and the order behind it, if any. */
export interface TIntakeTarget {
  id: number;
  subject: string;
  order: number | null;
}

export const INTAKE_SENT = 'Thanks! The team has what it needs to start.';
export const INTAKE_SEND_FAILED = 'Could not send the form. Please try again.';

export interface IntakeFormDialogProps {
  /** The form to fill in; null keeps the dialog closed. */
  form: TIntakeTarget | null;
  onClose: () => void;
}

/**
 * The client's intake form (after a paid order or a new subscription): the account to grow (prefilled with the
 * order's first account), goals, audience, competitors (up to 10) and brand assets (uploaded one by one, up to 10).
 * Checked with the contract's ZIntakeSubmit; the server's field errors land under the same fields.
 */
export function IntakeFormDialog({ form, onClose }: IntakeFormDialogProps) {
  return (
    <Dialog
      open={form !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Intake form"
      description={form ? `For ${form.subject}. The team starts the work as soon as you send it.` : undefined}
      className="max-w-xl"
    >
      {form && <IntakeFormLoader key={form.id} form={form} onDone={onClose} />}
    </Dialog>
  );
}

/**
 * Waits for the order (its first account prefills "Account to grow"); a failed read just leaves the field empty, and
 * a member of the client's team without billing (orders are billing) does not ask for it.
 */
function IntakeFormLoader({ form, onDone }: { form: TIntakeTarget; onDone: () => void }) {
  const { canCall } = useClientPermission();
  const orderId = canCall(contract.orders.getOrder) ? form.order : null;
  // The order a form was asked for (its first line's account prefills the form); a refusal is an answer, not retried.
  const order = useOrder(orderId, { retry: false });
  if (orderId !== null && order.isPending) {
    return (
      <SkeletonGroup label="Loading the form" className="space-y-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className={i === 0 ? 'h-10' : 'h-24'} />
          </div>
        ))}
      </SkeletonGroup>
    );
  }
  const firstTarget = order.data?.status === 200 ? (order.data.body.lines[0]?.target ?? '') : '';
  return <IntakeForm form={form} defaultHandle={firstTarget} onDone={onDone} />;
}

interface TCompetitorRow {
  key: number;
  value: string;
}

interface TAssetRow {
  key: number;
  name: string;
  size: number;
  /** The stored file once uploaded; null while it uploads. */
  file: TFile | null;
}

type TErrors = Record<string, string>;

/** Field → first message, keyed by the issue's path ('handle', 'competitors.2', 'assets'), as the server keys them. */
export function intakeIssuesToErrors(issues: readonly ZodIssue[]): TErrors {
  const out: TErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.join('.') : 'form';
    out[key] ??= issue.message;
  }
  return out;
}

function CharacterCount({ length }: { length: number }) {
  return (
    <span className={cn('tabular-nums', length > INTAKE_TEXT_MAX && 'text-danger-700')}>
      {formatCount(length)} / {formatCount(INTAKE_TEXT_MAX)} characters
    </span>
  );
}

export function IntakeForm({ form, defaultHandle, onDone }: { form: TIntakeTarget; defaultHandle: string; onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const submit = useSubmitIntake();
  const invalidate = useInvalidateAffected('intake');
  const nextKey = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const [handle, setHandle] = useState(defaultHandle);
  const [goals, setGoals] = useState('');
  const [audience, setAudience] = useState('');
  const [competitors, setCompetitors] = useState<TCompetitorRow[]>([]);
  const [assets, setAssets] = useState<TAssetRow[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<TErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** A control to focus after the render that makes it (a new competitor row, the next row after a removal). */
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  const uploading = assets.some((a) => a.file === null);
  const fieldId = (key: string) => `${id}-${key.replace(/\./g, '-')}`;

  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const clearError = (...keys: string[]) => {
    if (!keys.some((k) => k in errors)) return;
    setErrors((old) => {
      const next = { ...old };
      for (const k of keys) delete next[k];
      return next;
    });
  };

  /** The controls in the order they appear, so the first error found gets the focus. */
  const focusOrder = (): [string, string][] => [
    ['handle', fieldId('handle')],
    ['goals', fieldId('goals')],
    ['audience', fieldId('audience')],
    ...competitors.map((_, i): [string, string] => [`competitors.${i}`, fieldId(`competitors.${i}`)]),
    ['competitors', fieldId('add-competitor')],
    ['assets', fieldId('upload')],
  ];

  const showErrors = (found: TErrors) => {
    setErrors(found);
    const first = focusOrder().find(([key]) => key in found);
    if (first) setFocusTarget(first[1]);
  };

  const addCompetitor = () => {
    if (competitors.length >= INTAKE_MAX_COMPETITORS) return;
    const row = { key: nextKey.current++, value: '' };
    setCompetitors((rows) => [...rows, row]);
    clearError('competitors');
    setFocusTarget(fieldId(`competitors.${competitors.length}`));
  };

  const removeCompetitor = (index: number) => {
    setCompetitors((rows) => rows.filter((_, i) => i !== index));
    // Errors of the rows below move up with them.
    setErrors((old) => {
      const next: TErrors = {};
      for (const [key, message] of Object.entries(old)) {
        const m = /^competitors\.(\d+)$/.exec(key);
        if (!m) next[key] = message;
        else if (Number(m[1]) < index) next[key] = message;
        else if (Number(m[1]) > index) next[`competitors.${Number(m[1]) - 1}`] = message;
      }
      return next;
    });
    const left = competitors.length - 1;
    setFocusTarget(left === 0 ? fieldId('add-competitor') : fieldId(`competitors.${Math.min(index, left - 1)}`));
  };

  const pickFile = async (chosen: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!chosen) return;
    setUploadError(null);
    clearError('assets');
    if (assets.length >= INTAKE_MAX_ASSETS) {
      setUploadError(`At most ${INTAKE_MAX_ASSETS} files`);
      return;
    }
    const problem = uploadProblem(chosen);
    if (problem) {
      setUploadError(`${chosen.name}: ${problem}`);
      return;
    }
    const key = nextKey.current++;
    setAssets((rows) => [...rows, { key, name: chosen.name, size: chosen.size, file: null }]);
    try {
      const file = await uploadFile(chosen);
      setAssets((rows) => rows.map((r) => (r.key === key ? { ...r, name: file.name, size: file.size, file } : r)));
    } catch (err) {
      setAssets((rows) => rows.filter((r) => r.key !== key));
      setUploadError(`${chosen.name}: ${errorMessage(err, 'Upload failed')}`);
    }
  };

  const removeAsset = (key: number) => {
    setAssets((rows) => rows.filter((r) => r.key !== key));
    clearError('assets');
    setFocusTarget(fieldId('upload'));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submit.isPending || uploading) return;
    setFormError(null);
    const input: TIntakeSubmit = {
      handle,
      goals,
      audience,
      competitors: competitors.map((c) => c.value),
      assets: assets.flatMap((a) => (a.file ? [a.file.id] : [])),
    };
    const parsed = ZIntakeSubmit.safeParse(input);
    if (!parsed.success) {
      showErrors(intakeIssuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await submit.mutateAsync({ params: { id: form.id }, body: parsed.data });
      toast.success(INTAKE_SENT);
      void invalidate();
      onDone();
    } catch (err) {
      const status = (err as { status?: unknown } | null)?.status;
      if (status === 409) {
        // Sent already or started without it: say so, and show what the server has now behind the dialog.
        setFormError(errorMessage(err, 'This intake form can no longer be sent.'));
        void invalidate();
        return;
      }
      const fields = serverFieldErrors(err);
      const known = Object.fromEntries(
        Object.entries(fields ?? {}).filter(([key]) => ['handle', 'goals', 'audience', 'competitors', 'assets'].includes(key.split('.')[0]!)),
      );
      if (Object.keys(known).length > 0) showErrors(known);
      else setFormError(errorMessage(err, INTAKE_SEND_FAILED));
    }
  };

  const errorId = (key: string) => `${fieldId(key)}-error`;

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5" aria-label={`Intake form for ${form.subject}`}>
      <FormError message={formError} />
      <Field
        label="Account to grow"
        id={fieldId('handle')}
        error={errors.handle}
        hint="The handle or profile link the team works on, e.g. @yourbrand."
      >
        <Input
          value={handle}
          autoComplete="off"
          placeholder="@yourbrand"
          onChange={(e) => {
            setHandle(e.target.value);
            clearError('handle');
          }}
        />
      </Field>
      <Field label="Goals" id={fieldId('goals')} error={errors.goals} hint={<CharacterCount length={goals.length} />}>
        <Textarea
          rows={4}
          value={goals}
          placeholder="What should the next months bring? More followers, more sales, a launch…"
          onChange={(e) => {
            setGoals(e.target.value);
            clearError('goals');
          }}
        />
      </Field>
      <Field label="Audience" id={fieldId('audience')} error={errors.audience} hint={<CharacterCount length={audience.length} />}>
        <Textarea
          rows={4}
          value={audience}
          placeholder="Who should see your posts? Age, places, interests…"
          onChange={(e) => {
            setAudience(e.target.value);
            clearError('audience');
          }}
        />
      </Field>

      <fieldset className="min-w-0 space-y-2" aria-describedby={`${fieldId('competitors')}-hint`}>
        <legend className="text-sm font-medium text-fg">
          Competitors<span className="ml-1 font-normal text-fg-subtle">(optional)</span>
        </legend>
        <p id={`${fieldId('competitors')}-hint`} className="text-xs text-fg-muted">
          Accounts you compete with or look up to, up to {INTAKE_MAX_COMPETITORS}.
        </p>
        {competitors.length > 0 && (
          <ol className="space-y-2">
            {competitors.map((row, i) => {
              const key = `competitors.${i}`;
              const error = errors[key];
              return (
                <li key={row.key} className="space-y-1">
                  <div className="flex items-center gap-2">
                    <label htmlFor={fieldId(key)} className="sr-only">
                      Competitor {i + 1}
                    </label>
                    <Input
                      id={fieldId(key)}
                      value={row.value}
                      placeholder="@competitor"
                      autoComplete="off"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId(key) : undefined}
                      onChange={(e) => {
                        const value = e.target.value;
                        setCompetitors((rows) => rows.map((r) => (r.key === row.key ? { ...r, value } : r)));
                        clearError(key);
                      }}
                    />
                    <Button variant="ghost" size="icon" className="shrink-0" aria-label={`Remove competitor ${i + 1}`} onClick={() => removeCompetitor(i)}>
                      <Trash2 aria-hidden className="h-4 w-4" />
                    </Button>
                  </div>
                  {error && (
                    <p id={errorId(key)} className="text-sm text-danger-700">
                      {error}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            id={fieldId('add-competitor')}
            variant="secondary"
            size="sm"
            onClick={addCompetitor}
            disabled={competitors.length >= INTAKE_MAX_COMPETITORS}
            aria-describedby={errors.competitors ? errorId('competitors') : undefined}
          >
            <Plus aria-hidden className="h-4 w-4" />
            Add competitor
          </Button>
          {competitors.length >= INTAKE_MAX_COMPETITORS && (
            <span className="text-xs text-fg-muted">{INTAKE_MAX_COMPETITORS} of {INTAKE_MAX_COMPETITORS} added</span>
          )}
        </div>
        {errors.competitors && (
          <p id={errorId('competitors')} className="text-sm text-danger-700">
            {errors.competitors}
          </p>
        )}
      </fieldset>

      <fieldset className="min-w-0 space-y-2" aria-describedby={`${fieldId('assets')}-hint`}>
        <legend className="text-sm font-medium text-fg">
          Brand assets<span className="ml-1 font-normal text-fg-subtle">(optional)</span>
        </legend>
        <p id={`${fieldId('assets')}-hint`} className="text-xs text-fg-muted">
          Logos, brand guides or photos (images, PDF, DOC, DOCX or TXT): up to {INTAKE_MAX_ASSETS} files of 10 MB each.
        </p>
        {assets.length > 0 && (
          <ul className="space-y-1.5" aria-label="Uploaded brand assets">
            {assets.map((a) => (
              <li
                key={a.key}
                data-testid="intake-asset"
                className="flex max-w-full items-center gap-2 rounded-md border border-border bg-subtle px-2.5 py-1.5 text-sm text-fg"
              >
                <FileText aria-hidden className="h-4 w-4 shrink-0 text-fg-muted" />
                <span className="min-w-0 flex-1 truncate font-medium">{a.name}</span>
                <span className="shrink-0 text-xs text-fg-muted tabular-nums">{formatFileSize(a.size)}</span>
                {a.file === null ? (
                  <Spinner size="sm" label={`Uploading ${a.name}`} />
                ) : (
                  <button
                    type="button"
                    className="shrink-0 rounded-sm p-1 text-fg-subtle hover:text-fg"
                    aria-label={`Remove ${a.name}`}
                    onClick={() => removeAsset(a.key)}
                  >
                    <X aria-hidden className="h-4 w-4" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <input
          ref={fileInput}
          type="file"
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Brand asset file"
          onChange={(e) => void pickFile(e.target.files?.[0])}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            id={fieldId('upload')}
            variant="secondary"
            size="sm"
            onClick={() => fileInput.current?.click()}
            disabled={uploading || assets.length >= INTAKE_MAX_ASSETS}
            aria-describedby={errors.assets ? errorId('assets') : undefined}
          >
            <Upload aria-hidden className="h-4 w-4" />
            Upload file
          </Button>
          {assets.length >= INTAKE_MAX_ASSETS && (
            <span className="text-xs text-fg-muted">{INTAKE_MAX_ASSETS} of {INTAKE_MAX_ASSETS} uploaded</span>
          )}
        </div>
        {(uploadError || errors.assets) && (
          <p id={errorId('assets')} role="alert" className="text-sm text-danger-700">
            {uploadError ?? errors.assets}
          </p>
        )}
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-4">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={submit.isPending} disabled={uploading}>
          Send form
        </Button>
      </div>
    </form>
  );
}
