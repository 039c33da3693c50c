import { WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_HEADER, ZWebhookCreate, type TWebhookCreate, type TWebhookEndpoint } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog, Field, FormActions, FormError, Input, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';
import { useCreateWebhook, useInvalidateWebhooks, useUpdateWebhook } from '../api/webhooks.queries';
import { ApiReferenceLink, Code } from './developer-bits';
import { SecretShownOnce } from './secret-shown-once';
import { WEBHOOK_EVENT_HINTS, WEBHOOK_EVENT_LABELS } from './webhooks-bits';

export const WEBHOOK_CREATED = 'Endpoint added';
export const WEBHOOK_UPDATED = 'Endpoint updated';
export const WEBHOOK_SECRET_SHOWN_ONCE = 'Copy this signing secret now and keep it somewhere safe. It will not be shown again.';

type TFormValues = z.input<typeof ZWebhookCreate>;
type TFormOutput = z.output<typeof ZWebhookCreate>;
const FIELDS = ['url', 'description', 'events'] as const;
type TField = (typeof FIELDS)[number];
// The contract's body schema is the rule ("URL is required", "Enter a valid URL", "Choose at least one event").
const contractResolver = zodResolver(ZWebhookCreate) as unknown as Resolver<TFormValues, unknown, TFormOutput>;

/** Where a server field message goes ("events.0" under the events). */
function formFieldOf(name: string): TField | null {
  const root = name.split('.')[0];
  return FIELDS.find((f) => f === root) ?? null;
}

/**
 * "Add endpoint" (then its signing secret, once, with Copy) or, given `endpoint`, "Edit endpoint". Closing the dialog
 * forgets the secret.
 */
export function WebhookEndpointDialog({
  open,
  endpoint,
  onOpenChange,
}: {
  open: boolean;
  /** The endpoint to edit; none to add one. */
  endpoint?: TWebhookEndpoint | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const close = (o: boolean) => {
    if (!o) setCreated(null);
    onOpenChange(o);
  };
  const editing = endpoint ?? null;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={created ? 'Copy the signing secret' : editing ? 'Edit endpoint' : 'Add endpoint'}
      className="sm:max-w-xl"
      description={
        created
          ? `The endpoint ${created.url} is ready. Its receiver needs this secret to check that deliveries come from here.`
          : editing
            ? 'Change where the events go, or which ones.'
            : 'Where to POST the events, and which ones.'
      }
    >
      {open && !created && (
        <WebhookForm key={editing?.id ?? 'new'} endpoint={editing} onCancel={() => close(false)} onCreated={setCreated} onSaved={() => close(false)} />
      )}
      {open && created && (
        <SecretShownOnce
          secret={created.secret}
          label="Signing secret"
          noun="Signing secret"
          warning={WEBHOOK_SECRET_SHOWN_ONCE}
          testId="new-webhook-secret"
          onDone={() => close(false)}
        >
          Each delivery carries <Code>{`${WEBHOOK_SIGNATURE_HEADER}: t=…,v1=…`}</Code>: an HMAC-SHA256 of{' '}
          <Code>{'"<t>.<body>"'}</Code> made with this secret. <ApiReferenceLink>How to check it</ApiReferenceLink>
        </SecretShownOnce>
      )}
    </Dialog>
  );
}

function WebhookForm({
  endpoint,
  onCancel,
  onCreated,
  onSaved,
}: {
  endpoint: TWebhookEndpoint | null;
  onCancel: () => void;
  onCreated: (created: { url: string; secret: string }) => void;
  onSaved: () => void;
}) {
  const toast = useToast();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const invalidate = useInvalidateWebhooks();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TFormValues, unknown, TFormOutput>({
    resolver: contractResolver,
    defaultValues: endpoint ? { url: endpoint.url, description: endpoint.description, events: [...endpoint.events] } : { url: '', description: '', events: [] },
  });

  const onSubmit = handleSubmit(async (body: TWebhookCreate) => {
    setServerError(null);
    try {
      if (endpoint) {
        await update.mutateAsync({ params: { id: endpoint.id }, body });
        toast.success(WEBHOOK_UPDATED);
        void invalidate();
        onSaved();
      } else {
        const res = await create.mutateAsync({ body });
        toast.success(WEBHOOK_CREATED);
        void invalidate();
        onCreated({ url: res.body.endpoint.url, secret: res.body.secret });
      }
    } catch (err) {
      let placed = false;
      for (const [name, message] of Object.entries(serverFieldErrors(err) ?? {})) {
        const field = formFieldOf(name);
        if (!field) continue;
        // The first field in error takes the focus (the events have no single control to focus).
        setError(field, { message }, { shouldFocus: !placed && field !== 'events' });
        placed = true;
      }
      // A message under its field says it all; anything else goes above the form.
      if (!placed) setServerError(errorMessage(err, endpoint ? 'Could not save the endpoint' : 'Could not add the endpoint'));
    }
  });

  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={endpoint ? 'Edit endpoint' : 'Add endpoint'}>
      <FormError message={serverError} />
      <Field label="Endpoint URL" error={errors.url?.message} hint="An https address on the public internet; private and local addresses are refused.">
        <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://example.com/webhooks/agency" maxLength={2000} {...register('url')} />
      </Field>
      <Field label="Description" optional error={errors.description?.message} hint="What receives it, e.g. “CRM sync”.">
        <Input autoComplete="off" maxLength={200} {...register('description')} />
      </Field>
      <fieldset className="space-y-2" aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium text-fg">Events</legend>
        <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((e) => {
            const id = `webhook-event-${e.replace('.', '-')}`;
            return (
              <div key={e} className="flex items-start gap-2">
                <input
                  id={id}
                  type="checkbox"
                  value={e}
                  aria-describedby={`${id}-hint`}
                  aria-invalid={eventsError ? true : undefined}
                  className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer rounded border-border-strong accent-brand-600"
                  {...register('events')}
                />
                <div className="min-w-0">
                  <label htmlFor={id} className="block cursor-pointer text-sm font-medium text-fg">
                    {WEBHOOK_EVENT_LABELS[e]}
                  </label>
                  <p id={`${id}-hint`} className="text-xs text-fg-muted">
                    <code className="text-fg">{e}</code> · {WEBHOOK_EVENT_HINTS[e]}
                  </p>
                </div>
              </div>
            );
          })}
        </div>
        {eventsError && (
          <p id="webhook-events-error" role="alert" className="text-sm text-danger-700">
            {eventsError}
          </p>
        )}
      </fieldset>
      <FormActions onCancel={onCancel} submitLabel={endpoint ? 'Save changes' : 'Add endpoint'} loading={isSubmitting} />
    </form>
  );
}
