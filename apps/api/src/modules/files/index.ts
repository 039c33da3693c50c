/** Uploaded files: checked, stored, attached to messages and forms. */
export { findAttachableFile } from './files.queries';
export { fileUrl, openInline, toAttachmentDto } from './files.service';
export { removeOwnFile, storeOwnImage } from './image-upload';
export type { UploadedPart } from './files.service';
