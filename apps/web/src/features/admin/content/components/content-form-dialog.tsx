import {
  APPROVAL_MODE_LABELS,
  STAFF_CONTENT_ACTIONS_BY_MODE,
  ZAdminContentFormSchema,
  staffContentActionBody,
  type TApprovalMode,
  type TContent,
  type TStaffContentAction,
} from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Dialog, FormError, useToast } from '@/components/ui';
import { useClient } from '@/entities/clients/api/get-client';
import { ClientFormField } from '@/entities/clients/components/client-form-field';
import { ContentBodyFields, ContentPlatformField } from '@/entities/content/components/content-form-fields';
import { MediaField, mediaValueOf, type TMediaValue } from '@/entities/content/components/media-field';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { isoToLocalInput, localInputToIso } from '@/lib/datetime-local';
import { errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { tsr } from '@/lib/tsr';
import { ActionChoice, ACTION_DONE } from './action-choice';

type TParsed = z.output<typeof ZAdminContentFormSchema>;
export interface TContentFormValues {
  client: string;
  platform: TContent['platform'];
  content: string;
  /** datetime-local text (local time); ISO after validation. */
  scheduled_date: string;
  image_url: string;
  media_file: number | null;
  action: TStaffContentAction;
}

export type TContentFormMode = { kind: 'create' } | { kind: 'edit'; item: TContent };

const contractResolver = zodResolver(ZAdminContentFormSchema) as unknown as Resolver<TContentFormValues, unknown, TParsed>;

/**
 * The contract's form schema, after turning the local date-time into ISO 8601. Editing, a date that has already
 * passed may stay as it is (the server only refuses moving a post into the past).
 */
function resolverFor(keptDate: string | null): Resolver<TContentFormValues, unknown, TParsed> {
  return async (values, ctx, options) => {
    const iso = localInputToIso(values.scheduled_date);
    const kept = keptDate !== null && values.scheduled_date === keptDate;
    // The kept date is not checked against today; any other rule is.
    const result = await contractResolver({ ...values, scheduled_date: kept ? FAR_FUTURE : iso }, ctx, options);
    if (!kept || Object.keys(result.errors).length > 0) return result;
    return { values: { ...(result.values as TParsed), scheduled_date: iso }, errors: {} };
  };
}
const FAR_FUTURE = '2999-01-01T00:00:00.000Z';

/**
 * Staff create a post for a client, or edit one (caption, date, platform, media). What happens on saving follows
 * the client's approval mode: keep a draft, submit it for review, send it to the client, approve it, or (the owner)
 * approve it without the review.
 */
export function ContentFormDialog({ mode, onOpenChange }: { mode: TContentFormMode | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={mode !== null} onOpenChange={onOpenChange} title={mode?.kind === 'edit' ? 'Edit Content' : 'Create Content'} className="max-w-xl">
      {mode && <ContentForm key={mode.kind === 'edit' ? mode.item.id : 'new'} mode={mode} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ContentForm({ mode, onDone }: { mode: TContentFormMode; onDone: () => void }) {
  const toast = useToast();
  const invalidate = useInvalidateAffected('content');
  const create = tsr.content.createContent.useMutation();
  const update = tsr.content.updateContent.useMutation();
  const { isOwner } = useStaffRole();
  const [serverError, setServerError] = useState<string | null>(null);
  const item = mode.kind === 'edit' ? mode.item : null;
  const [media, setMedia] = useState<TMediaValue | null>(() => mediaValueOf(item?.media ?? null));
  const keptDate = item ? isoToLocalInput(item.scheduled_date) : null;
  const {
    register,
    control,
    handleSubmit,
    watch,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TContentFormValues, unknown, TParsed>({
    resolver: resolverFor(keptDate),
    defaultValues: {
      client: item ? String(item.client) : '',
      platform: item?.platform ?? 'instagram',
      content: item?.content ?? '',
      scheduled_date: keptDate ?? '',
      image_url: item?.image_url ?? '',
      media_file: item?.media?.id ?? null,
      action: 'draft',
    },
  });
  const length = watch('content')?.length ?? 0;
  const clientValue = watch('client');
  const clientId = clientValue ? Number(clientValue) : null;
  const client = useClient(item ? null : clientId, { staleTime: 60_000 });
  const approvalMode: TApprovalMode | null = item?.approval_mode ?? (client.data?.status === 200 ? client.data.body.approval_mode : null);
  // A draft (or a new post) chooses what happens next; a post under review or approved is only saved.
  const choosesAction = !item || item.status === 'draft';
  const actions = approvalMode && choosesAction ? STAFF_CONTENT_ACTIONS_BY_MODE[approvalMode].filter((a) => a !== 'override' || isOwner) : [];
  const [picked, setPicked] = useState<TStaffContentAction | null>(null);
  const chosen: TStaffContentAction = picked && actions.includes(picked) ? picked : item ? 'draft' : (actions[0] ?? 'draft');
  // A new post waits for its client's mode before it can be saved (what saving does depends on it).
  const waitingForMode = !item && clientId !== null && !approvalMode;

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    const fields = {
      platform: body.platform,
      content: body.content,
      image_url: body.image_url,
      media_file: media?.fileId ?? null,
    };
    const next = staffContentActionBody(chosen);
    try {
      if (item) {
        const dateChanged = getValues('scheduled_date') !== keptDate;
        const statusChange = choosesAction && chosen !== 'draft' ? next : {};
        await update.mutateAsync({
          params: { id: item.id },
          body: { ...fields, ...(dateChanged ? { scheduled_date: body.scheduled_date } : {}), ...statusChange },
        });
        toast.success(choosesAction && chosen !== 'draft' ? ACTION_DONE[chosen] : 'Changes saved');
      } else {
        await create.mutateAsync({ body: { client: body.client, scheduled_date: body.scheduled_date, ...fields, ...next } });
        toast.success(ACTION_DONE[chosen]);
      }
      void invalidate();
      onDone();
    } catch (err) {
      const fieldErrors = (err as { body?: { errors?: Record<string, string[]> } }).body?.errors;
      const dateError = fieldErrors?.scheduled_date?.[0];
      if (dateError) setError('scheduled_date', { message: dateError });
      setServerError(errorMessage(err, item ? 'Failed to save the content' : 'Failed to create the content'));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={item ? 'Edit content' : 'Create content'}>
      <FormError message={serverError} />
      <div className="grid gap-4 sm:grid-cols-2">
        {item ? (
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-fg">Client</p>
            <p className="text-sm text-fg">{item.client_name}</p>
          </div>
        ) : (
          <ClientFormField control={control} name="client" error={errors.client?.message} />
        )}
        <ContentPlatformField register={register} errors={errors} />
      </div>
      <ContentBodyFields register={register} errors={errors} length={length} minDate={isoToLocalInput(new Date().toISOString())} />
      <MediaField
        value={media}
        onChange={(v) => {
          setMedia(v);
          setValue('media_file', v?.fileId ?? null);
        }}
        clientId={item?.client ?? clientId ?? undefined}
        needsClient
        error={errors.media_file?.message}
      />
      {choosesAction && approvalMode && (
        <ActionChoice
          actions={actions}
          value={chosen}
          onChange={setPicked}
          modeLabel={APPROVAL_MODE_LABELS[approvalMode]}
          editing={item !== null}
        />
      )}
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={waitingForMode}>
          {item ? 'Save Changes' : 'Create'}
        </Button>
      </div>
    </form>
  );
}
