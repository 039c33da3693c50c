import { AVATAR_MAX_BYTES, AVATAR_NOT_AN_IMAGE, AVATAR_TOO_LARGE, type TUser } from '@agency/contract';
import type { UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { appSecretOf, deriveKey, hmacBase64Url, sameText } from '../../core/secret';
import type { AppDeps } from '../../deps';
import { transact } from '../../events/outbox';
import { recordAudit } from '../audit';
import { openInline, removeOwnFile, storeOwnImage, type UploadedPart } from '../files';
import { getMe } from './auth.service';
import * as q from './avatar.queries';

/*
 * A person's avatar: an image they upload (checked by content, stored like every file, counted in their quota). The
 * header, the team lists and the conversations show it with <img>, which sends no token, so users.avatar holds a
 * signed address (HMAC of the file id with a key derived from APP_SECRET): nobody can guess another's, and it stops
 * working once the person replaces or removes the image.
 */

const keys = new Map<string, Buffer>();
function avatarKey(deps: AppDeps): Buffer {
  const secret = appSecretOf(deps.config);
  let key = keys.get(secret);
  if (!key) {
    key = deriveKey(secret, 'avatar-v1');
    keys.set(secret, key);
  }
  return key;
}

const signatureOf = (deps: AppDeps, fileId: number) => hmacBase64Url(avatarKey(deps), `avatar.${fileId}`);

/** The address users.avatar holds for an uploaded avatar. */
export const avatarAddress = (deps: AppDeps, fileId: number) => `/api/avatars/${fileId}/?signature=${signatureOf(deps, fileId)}`;

/** The file behind an address this module made (an avatar set otherwise, e.g. by the demo data, has none). */
function uploadedFileOf(address: string | null): number | null {
  const match = address ? /^\/api\/avatars\/(\d+)\/\?signature=/.exec(address) : null;
  return match ? Number(match[1]) : null;
}

async function setAvatar(deps: AppDeps, actor: UserActor, address: string | null): Promise<TUser> {
  const replaced = await transact(deps, async (tx) => {
    const result = await q.replaceAvatar(tx.db, actor.id, address, tx.now());
    if (result) {
      await recordAudit(tx, actor, {
        action: address ? 'account.avatar_updated' : 'account.avatar_removed',
        object: { type: 'account', id: actor.id, label: actor.email, clientId: actor.clientId },
      });
    }
    return result;
  });
  if (!replaced) throw new AppError('authentication_failed', 'Invalid or expired token.');
  const previousFile = uploadedFileOf(replaced.previous);
  if (previousFile !== null && replaced.previous !== address) await removeOwnFile(deps, actor.id, previousFile);
  return getMe(deps, actor);
}

/** POST /auth/me/avatar/: an image of at most 2 MB becomes the caller's avatar; the one it replaces is deleted. */
export async function uploadAvatar(deps: AppDeps, actor: UserActor, part: UploadedPart | undefined): Promise<TUser> {
  const fileId = await storeOwnImage(deps, actor, part, { maxBytes: AVATAR_MAX_BYTES, tooLarge: AVATAR_TOO_LARGE, notAnImage: AVATAR_NOT_AN_IMAGE });
  try {
    return await setAvatar(deps, actor, avatarAddress(deps, fileId));
  } catch (err) {
    await removeOwnFile(deps, actor.id, fileId);
    throw err;
  }
}

/** DELETE /auth/me/avatar/: back to initials. */
export function removeAvatar(deps: AppDeps, actor: UserActor): Promise<TUser> {
  return setAvatar(deps, actor, null);
}

const notFound = () => new AppError('not_found', 'Avatar not found.');

/** GET /avatars/:id/: the image, for its signed address while it is someone's avatar. */
export async function openAvatar(deps: AppDeps, input: { id: number; signature?: string | undefined }) {
  if (!input.signature || !sameText(input.signature, signatureOf(deps, input.id))) throw notFound();
  if (!(await q.isCurrentAvatar(deps.db, input.id, avatarAddress(deps, input.id)))) throw notFound();
  return openInline(deps, input.id);
}
