import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { access, creates, personal, errorResponses, ZIdParams } from '../common/common.schemas';
import { ZDeleteAccountSchema } from '../auth/auth.schemas';
import { ZRevokedSessionsSchema } from '../security/sessions.schemas';
import { ZBillingSettingsSchema, ZInviteStaffSchema, ZStaffMemberSchema, ZUpdateStaffSchema } from './admin.schemas';

const c = initContract();

export const adminContract = c.router({
  getBillingSettings: {
    method: 'GET',
    path: '/admin/billing-settings/',
    summary: 'Revenue collected this month, pending payments, and the payment provider connection',
    responses: { 200: ZBillingSettingsSchema, ...errorResponses },
    metadata: access.agency,
  },
  deleteAdminAccount: {
    method: 'POST',
    path: '/admin/delete-account/',
    summary: 'Delete the signed-in admin account (typed confirmation; the last admin cannot be deleted)',
    body: ZDeleteAccountSchema,
    responses: { 200: z.object({ detail: z.string() }), ...errorResponses },
    metadata: personal(access.admin),
  },
  listStaff: {
    method: 'GET',
    path: '/admin/staff/',
    summary: "The agency's staff accounts (admins) with their role and live presence; used for assignees",
    responses: { 200: z.object({ results: z.array(ZStaffMemberSchema) }), ...errorResponses },
    metadata: access.admin,
  },
  inviteStaff: {
    method: 'POST',
    path: '/admin/staff/',
    summary: 'Invite a person to the staff with a role (owners): the account is made and a one-time sign-in link is e-mailed',
    body: ZInviteStaffSchema,
    responses: { 201: ZStaffMemberSchema, ...errorResponses },
    metadata: creates(access.agency),
  },
  updateStaff: {
    method: 'PATCH',
    path: '/admin/staff/:id/',
    summary: "Change a staff member's role (owners; the last owner stays an owner)",
    pathParams: ZIdParams,
    body: ZUpdateStaffSchema,
    responses: { 200: ZStaffMemberSchema, ...errorResponses },
    metadata: access.agency,
  },
  resendStaffInvite: {
    method: 'POST',
    path: '/admin/staff/:id/resend-invite/',
    summary: 'E-mail a fresh one-time sign-in link to an invited person who has not signed in yet (the old link stops working)',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZStaffMemberSchema, ...errorResponses },
    metadata: access.agency,
  },
  endStaffSessions: {
    method: 'POST',
    path: '/admin/staff/:id/end-sessions/',
    summary:
      "Sign a staff member out everywhere (owners; a lost laptop, a suspected break-in): every session ends and its sockets close; their password still works. For one's own sessions use Security",
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZRevokedSessionsSchema, ...errorResponses },
    metadata: access.agency,
  },
  removeStaff: {
    method: 'DELETE',
    path: '/admin/staff/:id/',
    summary: "Remove a staff account (owners; not oneself, not the last owner). Their clients become unassigned; what they wrote stays",
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errorResponses },
    metadata: access.agency,
  },
});
