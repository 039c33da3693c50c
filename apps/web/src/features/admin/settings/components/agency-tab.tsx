import { ZAgencyProfileFormSchema, type TAgencyProfile, type TAgencyProfileForm } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button, Card, CardContent, Field, Input, Textarea, useToast } from '@/components/ui';
import { agencyKeys, useAgencyProfile } from '@/lib/brand';
import { useStaffRole } from '@/lib/staff-role';
import { tsr } from '@/lib/tsr';
import { fieldErrorsOf } from '../server-errors';
import { SettingsCardHeader } from './settings-card-header';

const FIELDS = ['name', 'email', 'phone', 'address', 'website', 'invoice_prefix'] as const;

const formValues = (p: TAgencyProfile): TAgencyProfileForm => ({
  name: p.name,
  email: p.email ?? '',
  phone: p.phone ?? '',
  address: p.address ?? '',
  website: p.website ?? '',
  invoice_prefix: p.invoice_prefix,
});

/**
 * Settings → Agency (owners edit; read-only staff see it): the one name and the contact details the site, the
 * portal, e-mails, invoices and reports show, and the prefix of invoice numbers.
 */
export function AgencyTab() {
  const profile = useAgencyProfile();
  const { isOwner } = useStaffRole();
  const { success, error } = useToast();
  const queryClient = useQueryClient();
  const update = tsr.agency.updateAgencyProfile.useMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm<TAgencyProfileForm>({ resolver: zodResolver(ZAgencyProfileFormSchema), values: formValues(profile) });
  const prefix = watch('invoice_prefix') || profile.invoice_prefix;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await update.mutateAsync({ body: values });
      queryClient.setQueryData(agencyKeys.profile(), res);
      reset(formValues(res.body));
      success('Agency details saved');
    } catch (err) {
      for (const [name, message] of Object.entries(fieldErrorsOf(err, FIELDS))) setError(name as keyof TAgencyProfileForm, { message });
      error('Could not save the agency details');
    }
  });

  return (
    <Card>
      <SettingsCardHeader icon={<Building2 aria-hidden className="h-5 w-5" />} title="Agency" />
      <CardContent>
        <p className="mb-4 text-sm text-fg-muted">
          Your agency as clients and visitors see it: on the website, in the client portal, in e-mails, and on invoices and reports.
        </p>
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Agency">
          <fieldset disabled={!isOwner} className="space-y-4">
            <Field label="Agency name" error={errors.name?.message}>
              <Input autoComplete="organization" {...register('name')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Contact email" optional error={errors.email?.message}>
                <Input type="email" autoComplete="email" {...register('email')} />
              </Field>
              <Field label="Phone" optional error={errors.phone?.message}>
                <Input type="tel" autoComplete="tel" {...register('phone')} />
              </Field>
            </div>
            <Field label="Address" optional hint="Shown on invoices." error={errors.address?.message}>
              <Textarea rows={2} autoComplete="street-address" {...register('address')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Website" optional error={errors.website?.message}>
                <Input type="url" placeholder="https://" {...register('website')} />
              </Field>
              <Field
                label="Invoice number prefix"
                hint={`New invoices are numbered ${prefix}${new Date().getUTCFullYear()}-0001, -0002, … each year.`}
                error={errors.invoice_prefix?.message}
              >
                <Input {...register('invoice_prefix')} />
              </Field>
            </div>
          </fieldset>
          {isOwner ? (
            <Button type="submit" loading={update.isPending} disabled={!isDirty}>
              Save agency details
            </Button>
          ) : (
            <p className="text-sm text-fg-muted">Only an owner can change the agency’s details.</p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
