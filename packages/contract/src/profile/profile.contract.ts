import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ZUserSchema } from '../auth/auth.schemas';
import { access, errorResponses, personal, ZIdParams } from '../common/common.schemas';
import { ZAvatarQuery, ZUploadAvatarSchema } from './profile.schemas';

const c = initContract();

/** A person's own profile picture (the name and company are PATCH /auth/me/). */
export const profileContract = c.router({
  uploadAvatar: {
    method: 'POST',
    path: '/auth/me/avatar/',
    summary: "Set the caller's avatar (multipart: file; PNG, JPEG, GIF or WebP up to 2 MB, checked by content); returns the user",
    contentType: 'multipart/form-data',
    body: ZUploadAvatarSchema,
    responses: { 200: ZUserSchema, ...errorResponses },
    metadata: personal(access.user),
  },
  removeAvatar: {
    method: 'DELETE',
    path: '/auth/me/avatar/',
    summary: "Remove the caller's avatar (initials show instead); returns the user",
    body: c.noBody(),
    responses: { 200: ZUserSchema, ...errorResponses },
    metadata: personal(access.user),
  },
  getAvatar: {
    method: 'GET',
    path: '/avatars/:id/',
    summary: "An avatar's image, at the signed address a user's `avatar` holds (works only while it is someone's avatar)",
    pathParams: ZIdParams,
    query: ZAvatarQuery,
    responses: {
      200: c.otherResponse({ contentType: 'image/*', body: z.any() }),
      ...errorResponses,
    },
    metadata: access.public,
  },
});
