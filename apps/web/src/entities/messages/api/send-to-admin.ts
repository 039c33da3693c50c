import { tsr } from '@/lib/tsr';

/**
 * POST /api/messages/send-to-admin/: a client's message to the agency (the Messages chat, Quick Help, the overview's
 * Send Message to Team). The caller refreshes what it moves: useInvalidateAffected('messages').
 */
export function useSendToAdmin() {
  return tsr.messages.sendToAdmin.useMutation();
}
