import { ZAdminContentFormSchema, type TAdminContentForm } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog, FormActions, FormError, useToast } from '@/components/ui';
import { ClientFormField } from '@/entities/clients/components/client-form-field';
import { ContentBodyFields, ContentPlatformField } from '@/entities/content/components/content-form-fields';
import { localInputToIso } from '@/entities/content/lib/content-utils';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { errorMessage } from '@/lib/format';
import { tsr } from '@/lib/tsr';


type TParsed = z.output<typeof ZAdminContentFormSchema>;
export interface TContentFormValues {
  client: string;
  platform: NonNullable<TAdminContentForm['platform']>;
  content: string;
  /** datetime-local text (local time); ISO after validation. */
  scheduled_date: string;
  image_url: string;
  status: 'approved';
}

const contractResolver = zodResolver(ZAdminContentFormSchema);
/** The contract's admin form schema, after turning the local date-time into ISO 8601. */
export const contentFormResolver: Resolver<TContentFormValues, unknown, TParsed> = (values, ctx, options) =>
  (contractResolver as unknown as Resolver<TContentFormValues, unknown, TParsed>)(
    { ...values, scheduled_date: localInputToIso(values.scheduled_date) },
    ctx,
    options,
  );

export function CreateContentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Create Content" className="max-w-xl">
      {open && <CreateContentForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function CreateContentForm({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const invalidate = useInvalidateAffected('content');
  const create = tsr.content.createContent.useMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TContentFormValues, unknown, TParsed>({
    resolver: contentFormResolver,
    defaultValues: { client: '', platform: 'instagram', content: '', scheduled_date: '', image_url: '', status: 'approved' },
  });
  const length = watch('content')?.length ?? 0;

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      await create.mutateAsync({ body: { ...body, status: 'approved' } });
      toast.success('Content created and approved');
      void invalidate();
      onDone();
    } catch (err) {
      setServerError(errorMessage(err, 'Failed to create the content'));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Create content">
      <FormError message={serverError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ClientFormField control={control} name="client" error={errors.client?.message} />
        <ContentPlatformField register={register} errors={errors} />
      </div>
      <ContentBodyFields register={register} errors={errors} length={length} />
      <FormActions onCancel={onDone} submitLabel="Create & Approve" loading={isSubmitting} />
    </form>
  );
}
