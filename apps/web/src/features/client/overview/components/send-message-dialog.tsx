import { ZSendToAdminSchema, type TSendToAdmin } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Dialog, Field, FormError, Textarea, useToast } from '@/components/ui';
import { useSendToAdmin } from '@/entities/messages/api/send-to-admin';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';

/** The spec's error text (client-and-public 8). */
export const SEND_FAILED = 'Failed to send message. Please try again.';

/** Send Message to Team (client-and-public 2.4): a real message to the agency (POST /api/messages/send-to-admin/). */
export function SendMessageDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Send Message to Team" description="The team usually answers within 24 hours.">
      {open && <SendMessageForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function SendMessageForm({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const invalidateMessages = useInvalidateAffected('messages');
  const send = useSendToAdmin();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TSendToAdmin>({ resolver: zodResolver(ZSendToAdminSchema), defaultValues: { content: '' } });
  const empty = !(watch('content') ?? '').trim();

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      await send.mutateAsync({ body });
      toast.success('Message sent to the team');
      void invalidateMessages();
      onDone();
    } catch {
      setServerError(SEND_FAILED);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Send message to team">
      <FormError message={serverError} />
      <Field label="Message" error={errors.content?.message}>
        <Textarea rows={5} placeholder="Type your message…" {...register('content')} />
      </Field>
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        {/* Disabled while the text is empty or the message is being sent (client-and-public 4). */}
        <Button type="submit" loading={isSubmitting} disabled={empty}>
          Send Message
        </Button>
      </div>
    </form>
  );
}
