import { useState } from 'react';
import { CHAT_SEND_FAILED, type ChatSendInput } from '../components/chat';
import { uploadAttachment } from './upload';

export interface ChatSendOptions {
  /** Files the upload under this client (admin side); a client's own uploads go under their client. */
  clientId?: number;
  /** Runs after a successful send (reset the form, refresh the lists). */
  onSent?: () => unknown;
}

/**
 * The composer's send: uploads the attached file first, then calls `send` with its id; a failed send rejects
 * with the composer's "Failed to send" text.
 */
export function useChatSend(
  send: (input: { text: string; attachment: number | undefined }) => Promise<unknown>,
  { clientId, onSent }: ChatSendOptions = {},
) {
  const [uploading, setUploading] = useState(false);
  const onSend = async ({ text, file }: ChatSendInput) => {
    let attachment: number | undefined;
    if (file) {
      setUploading(true);
      try {
        attachment = (await uploadAttachment(file, clientId)).id;
      } finally {
        setUploading(false);
      }
    }
    try {
      await send({ text, attachment });
    } catch {
      throw new Error(CHAT_SEND_FAILED);
    }
    await onSent?.();
  };
  return { onSend, uploading };
}
