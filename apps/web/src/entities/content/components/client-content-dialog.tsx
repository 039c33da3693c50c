import { ZClientContentFormSchema, type TContent } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Dialog, FormError, useToast } from '@/components/ui';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { isoToLocalInput, localInputToIso } from '@/lib/datetime-local';
import { errorMessage } from '@/lib/format';
import { tsr } from '@/lib/tsr';
import { ContentBodyFields, ContentPlatformField } from './content-form-fields';
import type { TContentPlatform } from '../lib/content-utils';

/** The content text limit (the contract's). */

type TParsed = z.output<typeof ZClientContentFormSchema>;
interface TFormValues {
  platform: TContentPlatform;
  content: string;
  /** datetime-local text (local time); ISO after validation. */
  scheduled_date: string;
  image_url: string;
  status: 'draft' | 'pending-approval';
}

const contractResolver = zodResolver(ZClientContentFormSchema) as unknown as Resolver<TFormValues, unknown, TParsed>;
/** The contract's client form schema, after turning the local date-time into ISO 8601. */
const resolver: Resolver<TFormValues, unknown, TParsed> = (values, ctx, options) =>
  contractResolver({ ...values, scheduled_date: localInputToIso(values.scheduled_date) }, ctx, options);

export type TClientContentDialogMode = { kind: 'create'; scheduledDate?: string } | { kind: 'edit'; item: TContent };

/**
 * A client's own content (client-and-public 2.4 Create New Content, 2.5 Create Content and draft Edit): platform,
 * content with its character count, scheduled date, optional image URL. A new item is saved as a draft or
 * submitted for approval; a draft is edited in place (the server refuses anything but the client's own drafts).
 */
export function ClientContentDialog({
  mode,
  onOpenChange,
  title = 'Create Content',
}: {
  mode: TClientContentDialogMode | null;
  onOpenChange: (open: boolean) => void;
  title?: string;
}) {
  return (
    <Dialog open={mode !== null} onOpenChange={onOpenChange} title={mode?.kind === 'edit' ? 'Edit Draft' : title} className="max-w-xl">
      {mode && <ClientContentForm key={mode.kind === 'edit' ? mode.item.id : 'new'} mode={mode} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ClientContentForm({ mode, onDone }: { mode: TClientContentDialogMode; onDone: () => void }) {
  const toast = useToast();
  const invalidate = useInvalidateAffected('content');
  const create = tsr.content.createContent.useMutation();
  const update = tsr.content.updateContent.useMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const item = mode.kind === 'edit' ? mode.item : null;
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TFormValues, unknown, TParsed>({
    resolver,
    defaultValues: {
      platform: item?.platform ?? 'instagram',
      content: item?.content ?? '',
      scheduled_date: isoToLocalInput(item?.scheduled_date ?? (mode.kind === 'create' ? mode.scheduledDate : undefined)),
      image_url: item?.image_url ?? '',
      status: 'draft',
    },
  });
  const length = watch('content')?.length ?? 0;
  const [submitting, setSubmitting] = useState<TFormValues['status'] | null>(null);

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      if (item) {
        const { platform, content, scheduled_date, image_url } = body;
        await update.mutateAsync({ params: { id: item.id }, body: { platform, content, scheduled_date, image_url } });
        toast.success('Draft saved');
      } else {
        await create.mutateAsync({ body });
        toast.success(body.status === 'draft' ? 'Draft saved' : 'Submitted for approval');
      }
      void invalidate();
      onDone();
    } catch (err) {
      setServerError(errorMessage(err, item ? 'Failed to save the draft' : 'Failed to create the content'));
    } finally {
      setSubmitting(null);
    }
  });

  const submitAs = (status: TFormValues['status']) => {
    setValue('status', status);
    setSubmitting(status);
    void onSubmit();
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submitAs(item ? 'draft' : 'pending-approval');
      }}
      className="space-y-4"
      aria-label={item ? 'Edit draft' : 'Create content'}
    >
      <FormError message={serverError} />
      {item?.feedback && (
        <p className="rounded-md border border-warning-600/30 bg-warning-50 px-3 py-2 text-sm text-warning-700">
          <span className="font-semibold">Feedback from the team:</span> {item.feedback}
        </p>
      )}
      <ContentPlatformField register={register} errors={errors} />
      <ContentBodyFields register={register} errors={errors} length={length} />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        {item ? (
          <Button type="submit" loading={isSubmitting}>
            Save Changes
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => submitAs('draft')} loading={submitting === 'draft' && isSubmitting} disabled={isSubmitting}>
              Save as Draft
            </Button>
            <Button type="submit" loading={submitting === 'pending-approval' && isSubmitting} disabled={isSubmitting}>
              Submit for Approval
            </Button>
          </>
        )}
      </div>
    </form>
  );
}
