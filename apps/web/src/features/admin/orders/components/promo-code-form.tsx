import { ZPromoCodeFormSchema } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog, Field, FormActions, FormError, Input, useToast } from '@/components/ui';
import { localInputToIso } from '@/lib/datetime-local';
import { errorMessage } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';
import { useCreatePromoCode, useInvalidatePromoCodes } from '../api/orders.queries';

type TParsed = z.output<typeof ZPromoCodeFormSchema>;

/** What the form holds: text inputs, and which kind of discount. */
export interface TPromoFormValues {
  code: string;
  kind: 'percent' | 'amount';
  percent_off: string;
  amount_off: string;
  first_order_only: boolean;
  /** datetime-local text (local time); ISO after validation. */
  expires_at: string;
  max_redemptions: string;
}

const emptyToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The form's values as the contract's body: only the chosen discount kind, empty fields as null. */
export function toPromoBody(v: TPromoFormValues): z.input<typeof ZPromoCodeFormSchema> {
  return {
    code: v.code,
    percent_off: v.kind === 'percent' ? (emptyToNull(v.percent_off) as unknown as number | null) : null,
    amount_off: v.kind === 'amount' ? (emptyToNull(v.amount_off) as unknown as number | null) : null,
    first_order_only: v.first_order_only,
    active: true,
    expires_at: v.expires_at ? localInputToIso(v.expires_at) : null,
    max_redemptions: emptyToNull(v.max_redemptions) as unknown as number | null,
  };
}

const contractResolver = zodResolver(ZPromoCodeFormSchema);
const promoResolver: Resolver<TPromoFormValues, unknown, TParsed> = async (values, ctx, options) => {
  const result = await (contractResolver as unknown as Resolver<z.input<typeof ZPromoCodeFormSchema>, unknown, TParsed>)(
    toPromoBody(values),
    ctx,
    options as never,
  );
  // The XOR rule is reported on percent_off; show it under the amount when that is the chosen kind.
  const errors = result.errors as Record<string, unknown>;
  if (values.kind === 'amount' && errors.percent_off && !errors.amount_off) {
    errors.amount_off = errors.percent_off;
    delete errors.percent_off;
  }
  return result as unknown as Awaited<ReturnType<Resolver<TPromoFormValues, unknown, TParsed>>>;
};

const DEFAULTS: TPromoFormValues = {
  code: '',
  kind: 'percent',
  percent_off: '',
  amount_off: '',
  first_order_only: false,
  expires_at: '',
  max_redemptions: '',
};

export function PromoCodeDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated?: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New promo code">
      {open && (
        <PromoCodeForm
          onDone={(created) => {
            onOpenChange(false);
            if (created) onCreated?.();
          }}
        />
      )}
    </Dialog>
  );
}

function PromoCodeForm({ onDone }: { onDone: (created: boolean) => void }) {
  const toast = useToast();
  const create = useCreatePromoCode();
  const invalidate = useInvalidatePromoCodes();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TPromoFormValues, unknown, TParsed>({ resolver: promoResolver, defaultValues: DEFAULTS });
  const kind = watch('kind');

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const res = await create.mutateAsync({ body });
      toast.success(`Promo code ${res.body.code} created`);
      void invalidate();
      onDone(true);
    } catch (err) {
      const fields = serverFieldErrors(err);
      for (const [name, message] of Object.entries(fields ?? {})) {
        if (name in DEFAULTS) setError(name as keyof TPromoFormValues, { message });
      }
      setServerError(errorMessage(err, 'Could not create the promo code'));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="New promo code">
      <FormError message={serverError} />
      <Field label="Code" error={errors.code?.message} hint="Letters, digits, - or _; saved in capitals.">
        <Input autoComplete="off" className="uppercase" {...register('code')} />
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-fg">Discount</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2 text-sm text-fg">
            <input type="radio" value="percent" className="h-4 w-4 accent-brand-600" {...register('kind')} />
            Percent off
          </label>
          <label className="flex items-center gap-2 text-sm text-fg">
            <input type="radio" value="amount" className="h-4 w-4 accent-brand-600" {...register('kind')} />
            Fixed amount off
          </label>
        </div>
        {kind === 'percent' ? (
          <Field label="Percent off" error={errors.percent_off?.message}>
            <Input type="number" inputMode="numeric" min={1} max={100} step={1} {...register('percent_off')} />
          </Field>
        ) : (
          <Field label="Amount off (USD)" error={errors.amount_off?.message}>
            <Input type="number" inputMode="decimal" min={0.01} step={0.01} {...register('amount_off')} />
          </Field>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Expires" optional error={errors.expires_at?.message}>
          <Input type="datetime-local" {...register('expires_at')} />
        </Field>
        <Field label="Usage limit" optional error={errors.max_redemptions?.message}>
          <Input type="number" inputMode="numeric" min={1} step={1} {...register('max_redemptions')} />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-fg">
        <input type="checkbox" className="h-4 w-4 rounded accent-brand-600" {...register('first_order_only')} />
        First order only
      </label>
      <FormActions onCancel={() => onDone(false)} submitLabel="Create code" loading={isSubmitting} />
    </form>
  );
}
