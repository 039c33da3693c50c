import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { access, creates, errorResponses, ZIdParams } from '../common/common.schemas';
import { ZClientMember, ZInviteClientMember, ZUpdateClientMember } from './team.schemas';

const c = initContract();

/** A client's team: the people of the client who sign in to its portal, each with a permission. Full access only. */
const fullAccess = { ...access.client, clientPermission: 'full' } as const;

export const teamContract = c.router({
  listClientMembers: {
    method: 'GET',
    path: '/team/members/',
    summary: "The client's team: its own login (full access) and the people it invited, with their permissions",
    responses: { 200: z.object({ results: z.array(ZClientMember) }), ...errorResponses },
    metadata: fullAccess,
  },
  inviteClientMember: {
    method: 'POST',
    path: '/team/members/',
    summary: 'Invite a person with a permission (full, content only, billing only): an account is made and a one-time sign-in link is e-mailed',
    body: ZInviteClientMember,
    responses: { 201: ZClientMember, ...errorResponses },
    metadata: creates(fullAccess),
  },
  updateClientMember: {
    method: 'PATCH',
    path: '/team/members/:id/',
    summary: "Change a member's permission (not the client's own login)",
    pathParams: ZIdParams,
    body: ZUpdateClientMember,
    responses: { 200: ZClientMember, ...errorResponses },
    metadata: fullAccess,
  },
  resendClientMemberInvite: {
    method: 'POST',
    path: '/team/members/:id/resend-invite/',
    summary: 'E-mail a fresh one-time sign-in link to a member who has not accepted yet (the old link stops working)',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZClientMember, ...errorResponses },
    metadata: fullAccess,
  },
  removeClientMember: {
    method: 'DELETE',
    path: '/team/members/:id/',
    summary: 'Remove a member: their sign-in ends at once; what they wrote stays',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errorResponses },
    metadata: fullAccess,
  },
});
