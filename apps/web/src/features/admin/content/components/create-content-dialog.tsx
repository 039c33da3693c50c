import { CONTENT_PLATFORMS, ZAdminContentFormSchema, type TAdminContentForm } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ClientFormField } from '@/components/client-form-field';
import { Dialog, Field, FormActions, FormError, Input, NativeSelect, Textarea, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { tsr } from '@/lib/tsr';
import { useInvalidateContent } from '../api/content.queries';
import { PLATFORM_LABELS, localInputToIso } from '@/components/content/content-utils';

export const CONTENT_MAX = 5000;

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
  const invalidate = useInvalidateContent();
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
        <Field label="Platform" error={errors.platform?.message}>
          <NativeSelect {...register('platform')}>
            {CONTENT_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field
        label="Content"
        error={errors.content?.message}
        hint={
          <span className={length > CONTENT_MAX ? 'text-danger-700' : undefined}>
            {length.toLocaleString('en-US')} / {CONTENT_MAX.toLocaleString('en-US')} characters
          </span>
        }
      >
        <Textarea rows={5} {...register('content')} />
      </Field>
      <Field label="Scheduled date" error={errors.scheduled_date?.message}>
        <Input type="datetime-local" {...register('scheduled_date')} />
      </Field>
      <Field label="Image URL" optional error={errors.image_url?.message}>
        <Input type="url" placeholder="https://" {...register('image_url')} />
      </Field>
      <FormActions onCancel={onDone} submitLabel="Create & Approve" loading={isSubmitting} />
    </form>
  );
}
