import { API_KEY_EXPIRY_DAYS, API_KEY_RESOURCES, ZApiKeyCreate, type TApiKeyCreate, type TApiKeyResource } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog, Field, FormActions, FormError, Input, NativeSelect, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';
import { useCreateApiKey, useInvalidateApiKeys } from '../api/api-keys.queries';
import { RESOURCE_LABELS } from './api-key-bits';
import { Code } from './developer-bits';
import { SecretShownOnce } from './secret-shown-once';

export const API_KEY_CREATED = 'API key created';
export const API_KEY_SHOWN_ONCE = 'Copy this key now and keep it somewhere safe. It will not be shown again.';

type TAccessChoice = 'none' | 'read' | 'write';
type TExpiryChoice = `${(typeof API_KEY_EXPIRY_DAYS)[number]}` | 'never';

/** What the form holds: a select per resource (none, read, write) and the expiry as text; the contract's body after validation. */
export interface TApiKeyFormValues {
  name: string;
  scopes: Record<TApiKeyResource, TAccessChoice>;
  expires_in_days: TExpiryChoice;
}

const EXPIRY_LABELS: Record<TExpiryChoice, string> = { '30': '30 days', '90': '90 days', '365': '365 days (1 year)', never: 'Never' };
const EXPIRY_CHOICES: TExpiryChoice[] = [...API_KEY_EXPIRY_DAYS.map((d) => `${d}` as TExpiryChoice), 'never'];

const DEFAULTS: TApiKeyFormValues = {
  name: '',
  scopes: Object.fromEntries(API_KEY_RESOURCES.map((r) => [r, 'none'])) as Record<TApiKeyResource, TAccessChoice>,
  expires_in_days: '90',
};

/** The form's values as the contract's body: only the resources given access, the expiry as a number or null. */
export function toApiKeyBody(v: TApiKeyFormValues): z.input<typeof ZApiKeyCreate> {
  const scopes: Partial<Record<TApiKeyResource, 'read' | 'write'>> = {};
  for (const r of API_KEY_RESOURCES) {
    const access = v.scopes[r];
    if (access === 'read' || access === 'write') scopes[r] = access;
  }
  return {
    name: v.name,
    scopes,
    expires_in_days: v.expires_in_days === 'never' ? null : (Number(v.expires_in_days) as TApiKeyCreate['expires_in_days']),
  };
}

// The contract's body schema is the rule ("Name is required", "Choose at least one resource"); the form only maps to it.
const contractResolver = zodResolver(ZApiKeyCreate);
const apiKeyResolver: Resolver<TApiKeyFormValues, unknown, TApiKeyCreate> = async (values, ctx, options) => {
  const result = await (contractResolver as unknown as Resolver<z.input<typeof ZApiKeyCreate>, unknown, TApiKeyCreate>)(
    toApiKeyBody(values),
    ctx,
    options as never,
  );
  return result as unknown as Awaited<ReturnType<Resolver<TApiKeyFormValues, unknown, TApiKeyCreate>>>;
};

/** Where a server field message goes: "scopes.clients" under the access table, the rest under their own field. */
function formFieldOf(field: string): 'name' | 'scopes' | 'expires_in_days' | null {
  if (field === 'name' || field === 'expires_in_days') return field;
  if (field === 'scopes' || field.startsWith('scopes.')) return 'scopes';
  return null;
}

/**
 * "Create API key": the form, then (once the API answered) the whole key with a Copy button. The key is in that
 * answer only; closing the dialog forgets it.
 */
export function ApiKeyCreateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const close = (o: boolean) => {
    if (!o) setCreated(null);
    onOpenChange(o);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={created ? 'Copy your new API key' : 'Create API key'}
      className="sm:max-w-xl"
      description={
        created
          ? `“${created.name}” is ready. Store it where the system that uses it can read it.`
          : 'The key acts as you, on the resources you give it access to.'
      }
    >
      {open && !created && <ApiKeyForm onCancel={() => close(false)} onCreated={setCreated} />}
      {open && created && (
        <SecretShownOnce
          secret={created.key}
          label="Your API key"
          noun="API key"
          warning={API_KEY_SHOWN_ONCE}
          testId="new-api-key"
          onDone={() => close(false)}
        >
          Send it with every request as <Code>Authorization: Bearer &lt;key&gt;</Code>.
        </SecretShownOnce>
      )}
    </Dialog>
  );
}

function ApiKeyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (created: { name: string; key: string }) => void }) {
  const toast = useToast();
  const create = useCreateApiKey();
  const invalidate = useInvalidateApiKeys();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<TApiKeyFormValues, unknown, TApiKeyCreate>({ resolver: apiKeyResolver, defaultValues: DEFAULTS });

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const res = await create.mutateAsync({ body });
      toast.success(API_KEY_CREATED);
      void invalidate();
      onCreated({ name: res.body.api_key.name, key: res.body.key });
    } catch (err) {
      let placed = false;
      for (const [name, message] of Object.entries(serverFieldErrors(err) ?? {})) {
        const field = formFieldOf(name);
        if (!field) continue;
        // The first field in error takes the focus (the access table has no single control to focus).
        setError(field, { message }, { shouldFocus: !placed && field !== 'scopes' });
        placed = true;
      }
      setServerError(errorMessage(err, 'Could not create the API key'));
    }
  });

  // The contract's "at least one" rule lands on scopes.root (scopes has fields of its own); a server message on scopes.
  const scopesErrors = errors.scopes as { message?: string; root?: { message?: string } } | undefined;
  const scopesError = scopesErrors?.root?.message ?? scopesErrors?.message;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Create API key">
      <FormError message={serverError} />
      <Field label="Name" error={errors.name?.message} hint="What will use it, e.g. “Zapier” or “Reporting dashboard”.">
        <Input autoComplete="off" maxLength={100} {...register('name')} />
      </Field>
      <fieldset className="space-y-2" aria-describedby={scopesError ? 'api-key-scopes-error' : 'api-key-scopes-hint'}>
        <legend className="text-sm font-medium text-fg">Access</legend>
        <p id="api-key-scopes-hint" className="text-xs text-fg-muted">
          Read lets the key view a resource; write lets it view and change it.
        </p>
        <div className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
          {API_KEY_RESOURCES.map((r) => (
            <Field key={r} label={RESOURCE_LABELS[r]} id={`api-key-scope-${r}`}>
              <NativeSelect
                aria-invalid={scopesError ? true : undefined}
                {...register(`scopes.${r}`, { onChange: () => clearErrors('scopes') })}
              >
                <option value="none">No access</option>
                <option value="read">Read</option>
                <option value="write">Write</option>
              </NativeSelect>
            </Field>
          ))}
        </div>
        {scopesError && (
          <p id="api-key-scopes-error" role="alert" className="text-sm text-danger-700">
            {scopesError}
          </p>
        )}
      </fieldset>
      <Field label="Expires" error={errors.expires_in_days?.message}>
        <NativeSelect {...register('expires_in_days')}>
          {EXPIRY_CHOICES.map((c) => (
            <option key={c} value={c}>
              {c === 'never' ? EXPIRY_LABELS[c] : `After ${EXPIRY_LABELS[c]}`}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <FormActions onCancel={onCancel} submitLabel="Create API key" loading={isSubmitting} />
    </form>
  );
}
