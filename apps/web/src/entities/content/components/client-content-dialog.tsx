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
import { MediaField, mediaValueOf, type TMediaValue } from './media-field';
import type { TContentPlatform } from '../lib/content-utils';

/** The content text limit (the contract's). */

type TParsed = z.output<typeof ZClientContentFormSchema>;
interface TFormValues {
  platform: TContentPlatform;
  content: string;
  /** datetime-local text (local time); ISO after validation. */
  scheduled_date: string;
  image_url: string;
  media_file: number | null;
  status: 'draft' | 'pending-approval';
}

const contractResolver = zodResolver(ZClientContentFormSchema) as unknown as Resolver<TFormValues, unknown, TParsed>;
const FAR_FUTURE = '2999-01-01T00:00:00.000Z';
/**
 * The contract's client form schema, after turning the local date-time into ISO 8601. Editing, a date that has
 * already passed may stay as it is (the server only refuses moving a post into the past).
 */
const resolverFor =
  (keptDate: string | null): Resolver<TFormValues, unknown, TParsed> =>
  async (values, ctx, options) => {
    const iso = localInputToIso(values.scheduled_date);
    const kept = keptDate !== null && values.scheduled_date === keptDate;
    const result = await contractResolver({ ...values, scheduled_date: kept ? FAR_FUTURE : iso }, ctx, options);
    if (!kept || Object.keys(result.errors).length > 0) return result;
    return { values: { ...(result.values as TParsed), scheduled_date: iso }, errors: {} };
  };

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
  const keptDate = item ? isoToLocalInput(item.scheduled_date) : null;
  const [media, setMedia] = useState<TMediaValue | null>(() => mediaValueOf(item?.media ?? null));
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TFormValues, unknown, TParsed>({
    resolver: resolverFor(keptDate),
    defaultValues: {
      platform: item?.platform ?? 'instagram',
      content: item?.content ?? '',
      scheduled_date: isoToLocalInput(item?.scheduled_date ?? (mode.kind === 'create' ? mode.scheduledDate : undefined)),
      image_url: item?.image_url ?? '',
      media_file: item?.media?.id ?? null,
      status: 'draft',
    },
  });
  const length = watch('content')?.length ?? 0;
  const [submitting, setSubmitting] = useState<TFormValues['status'] | null>(null);

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const media_file = media?.fileId ?? null;
      if (item) {
        const { platform, content, scheduled_date, image_url } = body;
        const dateChanged = getValues('scheduled_date') !== keptDate;
        await update.mutateAsync({
          params: { id: item.id },
          body: { platform, content, image_url, media_file, ...(dateChanged ? { scheduled_date } : {}) },
        });
        toast.success('Draft saved');
      } else {
        await create.mutateAsync({ body: { ...body, media_file } });
        toast.success(body.status === 'draft' ? 'Draft saved' : 'Submitted for approval');
      }
      void invalidate();
      onDone();
    } catch (err) {
      const dateError = (err as { body?: { errors?: Record<string, string[]> } }).body?.errors?.scheduled_date?.[0];
      if (dateError) setError('scheduled_date', { message: dateError });
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
      <ContentBodyFields register={register} errors={errors} length={length} minDate={isoToLocalInput(new Date().toISOString())} />
      <MediaField
        value={media}
        onChange={(v) => {
          setMedia(v);
          setValue('media_file', v?.fileId ?? null);
        }}
        error={errors.media_file?.message}
      />
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
