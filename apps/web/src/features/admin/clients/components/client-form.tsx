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
import { Field, FormActions, FormError, Input, NativeSelect } from '@/components/ui';
import { formatUsd } from '@/lib/format';

/** The contract's client form; empty optional inputs ('' from the date and manager fields) mean "none". */
const ZClientFormInput = z.preprocess((v) => {
  if (!v || typeof v !== 'object') return v;
  const o = { ...(v as Record<string, unknown>) };
  for (const k of ['next_payment', 'account_manager']) if (o[k] === '') o[k] = null;
  if (o.platforms === false || o.platforms === undefined) o.platforms = [];
  else if (typeof o.platforms === 'string') o.platforms = [o.platforms];
  return o;
}, ZClientFormSchema);

export type TClientFormValues = TClientForm;

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
    account_manager: '',
    next_payment: '',
    approval_mode: DEFAULT_APPROVAL_MODE,
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
    account_manager: c.account_manager ?? '',
    next_payment: c.next_payment ?? '',
    approval_mode: c.approval_mode,
  };
}

export interface ClientFormProps {
  defaultValues: TClientFormValues;
  staff: TStaffMember[];
  submitLabel: string;
  submitting: boolean;
  serverError: string | null;
  onSubmit: (values: TClientFormParsed) => void | Promise<void>;
  onCancel: () => void;
}

export function ClientForm({ defaultValues, staff, submitLabel, submitting, serverError, onSubmit, onCancel }: ClientFormProps) {
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
  const managerNames = staff.map((s) => s.name);
  const currentManager = defaultValues.account_manager;
  // The current manager keeps one option (same key) while the staff list loads, so the select keeps it selected.
  const managerOptions = currentManager && !managerNames.includes(currentManager) ? [currentManager, ...managerNames] : managerNames;
  const approvalMode = watch('approval_mode') ?? DEFAULT_APPROVAL_MODE;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={submitLabel}>
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
        <Field label="Package" error={errors.package?.message}>
          <NativeSelect
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
        <Field label="Monthly fee (USD)" error={errors.monthly_fee?.message}>
          <Input type="number" inputMode="numeric" step="1" min="1" {...register('monthly_fee')} />
        </Field>
        <Field label="Status" error={errors.status?.message}>
          <NativeSelect {...register('status')}>
            {CLIENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {cap(s)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Payment status" error={errors.payment_status?.message}>
          <NativeSelect {...register('payment_status')}>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {cap(s)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Account manager" optional error={errors.account_manager?.message}>
          <NativeSelect {...register('account_manager')}>
            <option value="">Unassigned</option>
            {managerOptions.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Next payment" optional error={errors.next_payment?.message}>
          <Input type="date" {...register('next_payment')} />
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
