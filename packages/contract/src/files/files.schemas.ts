import { z } from 'zod';
import { MAX_UPLOAD_BYTES, UPLOAD_FILE_TYPES } from '../constants';
import { ZTimestamp } from '../shared/shared.schemas';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

export const ZUploadFileTypeSchema = z.enum(UPLOAD_FILE_TYPES);
export type TUploadFileType = z.infer<typeof ZUploadFileTypeSchema>;
export const FILE_TOO_LARGE = 'File size must be less than 10MB';

/**
 * What each upload type is, stated once: the API recognises a file by its content against these content types
 * (a .doc also needs its name, a .txt has no magic number), and the browser's file input accepts them.
 */
export const UPLOAD_TYPES = {
  image: { contentTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'], extensions: ['.png', '.jpg', '.jpeg', '.gif', '.webp'] },
  pdf: { contentTypes: ['application/pdf'], extensions: ['.pdf'] },
  doc: { contentTypes: ['application/msword'], extensions: ['.doc'] },
  docx: { contentTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'], extensions: ['.docx'] },
  txt: { contentTypes: ['text/plain'], extensions: ['.txt'] },
  video: { contentTypes: ['video/mp4', 'video/webm', 'video/quicktime'], extensions: ['.mp4', '.webm', '.mov'] },
} as const satisfies Record<TUploadFileType, { contentTypes: readonly string[]; extensions: readonly string[] }>;

const acceptOf = (types: readonly TUploadFileType[]) => types.flatMap((t) => [...UPLOAD_TYPES[t].extensions, ...UPLOAD_TYPES[t].contentTypes]).join(',');

/** The `accept` attribute of the file inputs of messages and forms (documents and images; videos are a post's media only). */
export const UPLOAD_ACCEPT = acceptOf(['image', 'pdf', 'doc', 'docx', 'txt']);

/** What a post's media may be: an image or a video (uploaded to /api/files/, then set as the post's media_file). */
export const CONTENT_MEDIA_TYPES = ['image', 'video'] as const satisfies readonly TUploadFileType[];
export const CONTENT_MEDIA_ACCEPT = acceptOf(CONTENT_MEDIA_TYPES);

/**
 * The fields of the multipart POST /files/ besides the `file` part itself (max 10 MB; images, pdf, doc, docx, txt,
 * checked by content). An oversized file is a 413 with FILE_TOO_LARGE; a wrong type a 400.
 */
export const ZUploadFileSchema = z.object({
  file: z.any().describe('The file part (multipart); required'),
  name: z.string().trim().max(255).optional().describe("Display name; default the uploaded file's name"),
  client: z.coerce.number().int().positive().optional().describe('Admins: the client the file belongs to; ignored for clients'),
  file_type: ZUploadFileTypeSchema.optional().describe('Detected from the content when omitted; must match it when given'),
});
export type TUploadFile = z.infer<typeof ZUploadFileSchema>;

/** Browser-side check before uploading (client-and-public section 5). */
export const isUploadTooLarge = (size: number) => size > MAX_UPLOAD_BYTES;

export const ZFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  file_type: ZUploadFileTypeSchema,
  size: z.number().int().describe('Bytes'),
  content_type: z.string(),
  client: z.number().int().nullable(),
  url: z.string().describe('Download path, /api/files/{id}/download/ (needs the Authorization header)'),
  created_at: ZTimestamp,
});
export type TFile = z.infer<typeof ZFileSchema>;

/** A file as attached to a message. */
export const ZAttachmentSchema = ZFileSchema.pick({ id: true, name: true, size: true, content_type: true, url: true });
export type TAttachment = z.infer<typeof ZAttachmentSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function filesOpenApiSchemas() {
  const attachment = withExample(ZAttachmentSchema, {
    id: 45,
    name: 'spring-moodboard.pdf',
    size: 482133,
    content_type: 'application/pdf',
    url: '/api/files/45/download/',
  });
  return {
    File: withExample(ZFileSchema, {
      ...attachment.example,
      file_type: 'pdf',
      client: 12,
      created_at: '2025-03-02T16:19:41.000Z',
    }),
    Attachment: attachment,
    UploadFileType: withExample(ZUploadFileTypeSchema, 'pdf'),
  } satisfies TOpenApiSchemas;
}
