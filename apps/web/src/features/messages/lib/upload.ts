/** The chat's attachment upload is the shared file upload (lib/upload.ts). */
export { uploadFile as uploadAttachment } from '@/lib/upload';
