import {
  APPROVAL_MODE_LABELS,
  APPROVAL_MODES,
  CLIENT_FORM_DEFAULTS,
  CLIENT_PACKAGE_PRICES,
  CLIENT_PACKAGES,
  CLIENT_PLATFORMS,
  CLIENT_STATUSES,
  PAYMENT_STATUSES,
  DEFAULT_APPROVAL_MODE,
  ZClientFormSchema,
  type TApprovalMode,
  type TClient,
  type TClientForm,
  type TClientFormParsed,
  type TClientPackage,
  type TStaffMember,
} from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { Field, FormActions, FormError, Input, NativeSelect, Textarea } from '@/components/ui';
import { formatUsd } from '@/lib/format';

/** The contract's client form; empty optional inputs ('' from the date and manager fields) mean "none". */
const ZClientFormInput = z.preprocess((v) => {
  if (!v || typeof v !== 'object') return v;
  const o = { ...(v as Record<string, unknown>) };
  for (const k of ['next_payment', 'account_manager_id']) if (o[k] === '') o[k] = null;
  if (o.platforms === false || o.platforms === undefined) o.platforms = [];
  else if (typeof o.platforms === 'string') o.platforms = [o.platforms];
  return o;
}, ZClientFormSchema);

/**
 * What the form holds: the contract's form, with the account manager as the staff id in the select ('' for
 * Unassigned). The manager is sent by id (account_manager_id), never by name.
 */
export type TClientFormValues = Omit<TClientForm, 'account_manager' | 'account_manager_id'> & { account_manager_id: string };

export const OWNER_ONLY_REASSIGN = 'Only an owner can reassign a client.';
export const NEW_CLIENTS_ASSIGNED_TO_YOU = 'New clients you add are assigned to you.';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 'Starter — $1,500/mo'; enterprise is custom. */
export function packageOptionLabel(pkg: TClientPackage): string {
  const price = CLIENT_PACKAGE_PRICES[pkg];
  return `${cap(pkg)} — ${price === null ? 'Custom pricing' : `${formatUsd(price)}/mo`}`;
}

/** The fee a package sets: its price, or the current fee for a custom (enterprise) package. */
export function feeForPackage(pkg: TClientPackage, currentFee: unknown): unknown {
  return CLIENT_PACKAGE_PRICES[pkg] ?? currentFee;
}

/** What each approval mode means, under the "Content approval" select. */
export const APPROVAL_MODE_HINTS: Record<TApprovalMode, string> = {
  none: 'Nothing waits: what the client sends is approved at once.',
  optional: 'Staff review what the client sends; posts staff create are approved when made.',
  internal: 'Every post waits for a staff review, staff’s own too.',
  internal_then_client: 'After the staff review, the client approves each post in the portal or by a link e-mailed to its login.',
};

export function newClientDefaults(): TClientFormValues {
  return {
    ...CLIENT_FORM_DEFAULTS,
    platforms: [],
    status: 'active',
    payment_status: 'pending',
    account_manager_id: '',
    next_payment: '',
    approval_mode: DEFAULT_APPROVAL_MODE,
    billing_address: '',
    tax_id: '',
  };
}

export function clientToFormValues(c: TClient): TClientFormValues {
  return {
    name: c.name,
    email: c.email,
    company: c.company,
    package: c.package,
    monthly_fee: c.monthly_fee,
    platforms: [...c.platforms],
    status: c.status,
    payment_status: c.payment_status,
    account_manager_id: c.account_manager_id === null ? '' : String(c.account_manager_id),
    next_payment: c.next_payment ?? '',
    approval_mode: c.approval_mode,
    billing_address: c.billing_address ?? '',
    tax_id: c.tax_id ?? '',
  };
}

/** Fields billing keeps for a client who subscribes to a portal plan (see planName). */
const PLAN_FIELDS = ['package', 'monthly_fee', 'status', 'next_payment'] as const;
type TLockable = 'payment_status' | (typeof PLAN_FIELDS)[number];

/** What the form sends: the parsed values, less what is not this form's to set (planName, paymentStatusFollowsInvoices). */
export type TClientFormSent = Omit<TClientFormParsed, TLockable> & Partial<Pick<TClientFormParsed, TLockable>>;

export interface ClientFormProps {
  defaultValues: TClientFormValues;
  staff: TStaffMember[];
  /** The name of the current account manager, shown for it while the staff list is still on its way. */
  managerName?: string | null;
  /**
   * Whether this account may choose the account manager (owners). Otherwise the select is disabled, and the
   * manager is left out of what is sent: the server keeps it, or assigns a new client to whoever adds it.
   */
  canAssignManager?: boolean;
  /** Adding a client (not editing one): the hint under a locked manager select says who gets it. */
  isNew?: boolean;
  /** The client has invoices: its payment status is theirs, so the select is locked and the status is not sent. */
  paymentStatusFollowsInvoices?: boolean;
  /** The portal plan the client subscribes to: its package, fee, status and next payment follow billing (locked, not sent). */
  planName?: string | null;
  submitLabel: string;
  submitting: boolean;
  serverError: string | null;
  onSubmit: (values: TClientFormSent) => void | Promise<void>;
  onCancel: () => void;
}

export function ClientForm({
  defaultValues,
  staff,
  managerName = null,
  canAssignManager = true,
  isNew = false,
  paymentStatusFollowsInvoices = false,
  planName = null,
  submitLabel,
  submitting,
  serverError,
  onSubmit,
  onCancel,
}: ClientFormProps) {
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<TClientFormValues, unknown, TClientFormParsed>({
    resolver: zodResolver(ZClientFormInput) as unknown as Resolver<TClientFormValues, unknown, TClientFormParsed>,
    defaultValues,
  });
  const pkg = register('package');
  const managerOptions = staff.map((s) => ({ id: String(s.id), name: s.name }));
  const currentManager = defaultValues.account_manager_id;
  // The current manager keeps one option (same key) while the staff list loads, so the select keeps it selected.
  if (currentManager && !managerOptions.some((o) => o.id === currentManager)) {
    managerOptions.unshift({ id: currentManager, name: managerName ?? 'Current manager' });
  }
  const approvalMode = watch('approval_mode') ?? DEFAULT_APPROVAL_MODE;

  const planLock = planName ? `Follows the ${planName} plan the client subscribes to in the portal.` : undefined;
  const submit = handleSubmit((values) => {
    // What is not this form's to set is left out: the server keeps it.
    const locked: TLockable[] = [...(paymentStatusFollowsInvoices ? (['payment_status'] as const) : []), ...(planName ? PLAN_FIELDS : [])];
    const sent: TClientFormSent = { ...values };
    for (const field of locked) delete sent[field];
    if (canAssignManager) return onSubmit(sent);
    const { account_manager_id: _id, account_manager: _name, ...rest } = sent;
    return onSubmit(rest);
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={submitLabel}>
      <FormError message={serverError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          <Input autoComplete="off" {...register('name')} />
        </Field>
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field label="Company" error={errors.company?.message} className="sm:col-span-2">
          <Input autoComplete="off" {...register('company')} />
        </Field>
        <Field label="Package" error={errors.package?.message} hint={planLock}>
          <NativeSelect
            disabled={planLock !== undefined}
            {...pkg}
            onChange={(e) => {
              void pkg.onChange(e);
              const next = e.target.value as TClientPackage;
              setValue('monthly_fee', feeForPackage(next, getValues('monthly_fee')) as number, { shouldValidate: true });
            }}
          >
            {CLIENT_PACKAGES.map((p) => (
              <option key={p} value={p}>
                {packageOptionLabel(p)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Monthly fee (USD)" error={errors.monthly_fee?.message} hint={planLock}>
          <Input type="number" inputMode="numeric" step="1" min="1" disabled={planLock !== undefined} {...register('monthly_fee')} />
        </Field>
        <Field label="Status" error={errors.status?.message} hint={planLock}>
          <NativeSelect disabled={planLock !== undefined} {...register('status')}>
            {CLIENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {cap(s)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          label="Payment status"
          error={errors.payment_status?.message}
          hint={paymentStatusFollowsInvoices ? 'Follows this client’s invoices: record payments on the invoices.' : undefined}
        >
          <NativeSelect disabled={paymentStatusFollowsInvoices} {...register('payment_status')}>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {cap(s)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          label="Account manager"
          optional
          error={errors.account_manager_id?.message}
          hint={canAssignManager ? undefined : isNew ? NEW_CLIENTS_ASSIGNED_TO_YOU : OWNER_ONLY_REASSIGN}
        >
          <NativeSelect disabled={!canAssignManager} {...register('account_manager_id')}>
            <option value="">Unassigned</option>
            {managerOptions.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Next payment" optional error={errors.next_payment?.message} hint={planLock}>
          <Input type="date" disabled={planLock !== undefined} {...register('next_payment')} />
        </Field>
        <Field label="Content approval" error={errors.approval_mode?.message} hint={APPROVAL_MODE_HINTS[approvalMode]} className="sm:col-span-2">
          <NativeSelect {...register('approval_mode')}>
            {APPROVAL_MODES.map((m) => (
              <option key={m} value={m}>
                {APPROVAL_MODE_LABELS[m]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {/* The client's billing details (the client edits them in its Settings too): printed on its invoices and receipts. */}
        <Field label="Billing address" optional hint="Printed on invoices and receipts, one line per line." error={errors.billing_address?.message} className="sm:col-span-2">
          <Textarea rows={3} {...register('billing_address')} />
        </Field>
        <Field label="Tax ID" optional error={errors.tax_id?.message}>
          <Input {...register('tax_id')} />
        </Field>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-fg">Platforms</legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {CLIENT_PLATFORMS.map((p) => (
            <label key={p} className="inline-flex items-center gap-2 text-sm text-fg">
              <input type="checkbox" value={p} className="h-4 w-4 rounded border-border-strong accent-brand-600" {...register('platforms')} />
              {p}
            </label>
          ))}
        </div>
        {errors.platforms?.message && <p className="mt-1 text-sm text-danger-700">{errors.platforms.message}</p>}
      </fieldset>
      <FormActions onCancel={onCancel} submitLabel={submitLabel} loading={submitting} />
    </form>
  );
}
