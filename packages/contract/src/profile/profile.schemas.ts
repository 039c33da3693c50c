import { z } from 'zod';
import { UPLOAD_TYPES } from '../files/files.schemas';

/** A person's avatar: an image (PNG, JPEG, GIF or WebP, checked by its content) of at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TOO_LARGE = 'The image must be smaller than 2 MB.';
export const AVATAR_NOT_AN_IMAGE = 'Choose a PNG, JPEG, GIF or WebP image.';
/** The `accept` attribute of the avatar's file input. */
export const AVATAR_ACCEPT = [...UPLOAD_TYPES.image.contentTypes, ...UPLOAD_TYPES.image.extensions].join(',');

/** Browser-side check before uploading (the API checks again, by content). */
export const isAvatarTooLarge = (size: number) => size > AVATAR_MAX_BYTES;

/** POST /auth/me/avatar/ (multipart): the image in the field `file`. */
export const ZUploadAvatarSchema = z.object({
  file: z.any().describe('The image part (multipart); required'),
});

/** GET /avatars/:id/: the signature the address carries (the user's `avatar` is the whole address). */
export const ZAvatarQuery = z.object({
  signature: z.string().max(100).optional(),
});
