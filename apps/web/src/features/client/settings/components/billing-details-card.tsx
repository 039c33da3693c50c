import { BILLING_ADDRESS_MAX_LINES, ZUpdateBillingDetailsSchema, type TBillingDetails, type TUpdateBillingDetails } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle, ErrorState, Field, FormActions, Input, Skeleton, SkeletonGroup, Textarea, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';
import { useBillingDetails, useSaveBillingDetails } from '../api/billing-details.queries';
import { BILLING_DETAILS_HINT, BILLING_DETAILS_SAVED } from '../settings-texts';

type TForm = { billing_address: string; tax_id: string };
const valuesOf = (d: TBillingDetails): TForm => ({ billing_address: d.billing_address ?? '', tax_id: d.tax_id ?? '' });

function BillingDetailsForm({ details }: { details: TBillingDetails }) {
  const save = useSaveBillingDetails();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<TForm, unknown, TUpdateBillingDetails>({ resolver: zodResolver(ZUpdateBillingDetailsSchema), values: valuesOf(details) });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const res = await save.mutateAsync({ body });
      reset(valuesOf(res.body));
      toast.success(BILLING_DETAILS_SAVED);
    } catch (err) {
      const fields = serverFieldErrors(err) ?? {};
      for (const name of ['billing_address', 'tax_id'] as const) if (fields[name]) setError(name, { message: fields[name] });
      toast.error(errorMessage(err, 'Could not save your billing details'));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Billing details">
      <Field label="Billing address" optional hint={`Street, city, postcode and country, one per line (up to ${BILLING_ADDRESS_MAX_LINES} lines).`} error={errors.billing_address?.message}>
        <Textarea rows={4} autoComplete="street-address" {...register('billing_address')} />
      </Field>
      <Field label="Tax ID" optional hint="VAT number, EIN or other tax ID." error={errors.tax_id?.message}>
        <Input autoComplete="off" {...register('tax_id')} />
      </Field>
      <FormActions onCancel={() => reset(valuesOf(details))} cancelDisabled={!isDirty || save.isPending} submitLabel="Save billing details" loading={save.isPending} />
    </form>
  );
}

/** The client's billing details (address, tax ID), printed on its invoices and receipts: full access and billing members. */
export function BillingDetailsCard() {
  const q = useBillingDetails();
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Billing details</CardTitle>
          <p className="mt-1 text-sm text-fg-muted">{BILLING_DETAILS_HINT}</p>
        </div>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <SkeletonGroup label="Loading billing details" className="space-y-4">
            <Skeleton className="h-24" />
            <Skeleton className="h-10" />
          </SkeletonGroup>
        ) : q.isError || q.data?.status !== 200 ? (
          <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} retrying={q.isFetching} />
        ) : (
          <BillingDetailsForm details={q.data.body} />
        )}
      </CardContent>
    </Card>
  );
}
