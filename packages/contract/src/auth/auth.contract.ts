import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { access, duringEnrolment, personal, errorResponses, ZOkResponse } from '../common/common.schemas';
import { ZLoginResponseSchema } from '../security/two-factor.schemas';
import {
  ZAcceptInviteSchema,
  ZAuthResponseSchema,
  ZChangePasswordSchema,
  ZInviteTokenSchema,
  ZInviteViewSchema,
  ZDataExportSchema,
  ZDemoLoginsSchema,
  ZLoginSchema,
  ZRegisterSchema,
  ZUpdateMeSchema,
  ZUserSchema,
} from './auth.schemas';

const c = initContract();

export const authContract = c.router({
  listDemoLogins: {
    method: 'GET',
    path: '/demo-logins',
    summary: 'The demo accounts for the sign-in page while demo data is present (404 when it is off or they are gone)',
    responses: { 200: ZDemoLoginsSchema, ...errorResponses },
    metadata: access.public,
  },
  login: {
    method: 'POST',
    path: '/auth/login/',
    summary:
      'Sign in with email and password; returns a token and the user, or (an account with a second factor) second_factor_required with a challenge for POST /api/auth/login/second-factor/',
    body: ZLoginSchema,
    responses: { 200: ZLoginResponseSchema, ...errorResponses },
    metadata: access.public,
  },
  openInvite: {
    method: 'POST',
    path: '/auth/invites/open/',
    summary: 'What an invite link is for (who, which agency, which role); refused with a reason when not valid, used or expired',
    body: ZInviteTokenSchema,
    responses: { 200: ZInviteViewSchema, ...errorResponses },
    metadata: access.public,
  },
  acceptInvite: {
    method: 'POST',
    path: '/auth/invites/accept/',
    summary: 'Accept an invite: set a password with the one-time link; returns a token and the user (the link is used up)',
    body: ZAcceptInviteSchema,
    responses: { 200: ZAuthResponseSchema, ...errorResponses },
    metadata: access.public,
  },
  register: {
    method: 'POST',
    path: '/auth/register/',
    summary: 'Create an account (client, or admin with the agency invite code); returns a token and the user',
    body: ZRegisterSchema,
    responses: { 201: ZAuthResponseSchema, ...errorResponses },
    metadata: access.public,
  },
  logout: {
    method: 'POST',
    path: '/auth/logout/',
    summary: 'Revoke the token of this request',
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errorResponses },
    metadata: duringEnrolment(personal(access.user)),
  },
  getMe: {
    method: 'GET',
    path: '/auth/me/',
    summary: 'The signed-in user',
    responses: { 200: ZUserSchema, ...errorResponses },
    metadata: duringEnrolment(access.user),
  },
  updateMe: {
    method: 'PATCH',
    path: '/auth/me/',
    summary: 'Update the profile of the signed-in user (name, company; the e-mail changes through /auth/email/change/)',
    body: ZUpdateMeSchema,
    responses: { 200: ZUserSchema, ...errorResponses },
    metadata: personal(access.user),
  },
  changePassword: {
    method: 'POST',
    path: '/auth/change-password/',
    summary: 'Change the password; revokes every other token of the user and returns a fresh one',
    body: ZChangePasswordSchema,
    responses: { 200: z.object({ detail: z.string(), token: z.string() }), ...errorResponses },
    metadata: personal(access.user),
  },
  exportMyData: {
    method: 'GET',
    path: '/auth/export/',
    summary: 'Download everything the product holds about the signed-in user (JSON attachment)',
    responses: { 200: ZDataExportSchema, ...errorResponses },
    metadata: access.user,
  },
  wsTicket: {
    method: 'POST',
    path: '/auth/ws-ticket/',
    summary: 'A short-lived single-use ticket to open the WebSocket at /api/ws?ticket=…',
    body: c.noBody(),
    responses: { 201: z.object({ ticket: z.string(), expires_in: z.number().int() }), ...errorResponses },
    metadata: personal(access.user),
  },
});

export { ZOkResponse };
