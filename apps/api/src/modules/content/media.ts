import { CONTENT_MEDIA_TYPES, type TContentMedia } from '@agency/contract';
import { AppError } from '../../core/errors';
import { appSecretOf, deriveKey, hmacBase64Url, sameText } from '../../core/secret';
import type { AppDeps } from '../../deps';
import { openInline } from '../files';
import * as q from './content.queries';

/*
 * A post's uploaded image or video is shown by <img> and <video>, which send no token: its address is signed
 * (HMAC of the file id and an expiry, with a key derived from APP_SECRET) and handed out only with the post, to
 * whoever may see the post (the portal, the admin screens, the magic review page). The expiry is a whole day so the
 * address stays the same for a day and the browser's cache works; every read of the post hands out a fresh one.
 */

const DAY_MS = 86_400_000;
/** An address works for at least this many days after the post was read. */
const MEDIA_LINK_DAYS = 7;

const keys = new Map<string, Buffer>();
function mediaKey(deps: AppDeps): Buffer {
  const secret = appSecretOf(deps.config);
  let key = keys.get(secret);
  if (!key) {
    key = deriveKey(secret, 'content-media-v1');
    keys.set(secret, key);
  }
  return key;
}

const signatureOf = (deps: AppDeps, fileId: number, expires: number) => hmacBase64Url(mediaKey(deps), `${fileId}.${expires}`);

/** The signed address of a media file, valid MEDIA_LINK_DAYS from the end of today. */
export function signedMediaUrl(deps: AppDeps, fileId: number): string {
  const endOfToday = (Math.floor(deps.now().getTime() / DAY_MS) + 1) * DAY_MS;
  const expires = (endOfToday + MEDIA_LINK_DAYS * DAY_MS) / 1000;
  return `/api/content-media/${fileId}/?expires=${expires}&signature=${signatureOf(deps, fileId, expires)}`;
}

const isMediaKind = (t: string): t is TContentMedia['kind'] => (CONTENT_MEDIA_TYPES as readonly string[]).includes(t);

/** The media of a post row as the API shows it (null without one, or when the file is not an image or video). */
export function mediaOf(deps: AppDeps, row: Pick<q.ContentRow, 'mediaFileId' | 'mediaName' | 'mediaType' | 'mediaContentType'>): TContentMedia | null {
  if (row.mediaFileId === null || !row.mediaType || !isMediaKind(row.mediaType)) return null;
  return {
    id: row.mediaFileId,
    kind: row.mediaType,
    name: row.mediaName ?? 'media',
    content_type: row.mediaContentType ?? 'application/octet-stream',
    url: signedMediaUrl(deps, row.mediaFileId),
  };
}

const invalidLink = () => new AppError('not_found', 'This media link is not valid or has expired.');

/** GET /content-media/:id/: the bytes of a post's media, for a signed address that has not expired. */
export async function openContentMedia(deps: AppDeps, input: { id: number; expires?: number | undefined; signature?: string | undefined }) {
  // A missing or malformed part reads as any other altered address: not found.
  if (!input.expires || !input.signature || input.expires * 1000 <= deps.now().getTime()) throw invalidLink();
  if (!sameText(input.signature, signatureOf(deps, input.id, input.expires))) throw invalidLink();
  // A file no post shows any more is not shown by its old address either.
  if (!(await q.isPostMedia(deps.db, input.id))) throw invalidLink();
  return openInline(deps, input.id);
}
