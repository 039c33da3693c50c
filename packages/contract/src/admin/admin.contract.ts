import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { access, errorResponses } from '../common/common.schemas';
import { ZDeleteAccountSchema } from '../auth/auth.schemas';
import { ZBillingSettingsSchema, ZStaffMemberSchema } from './admin.schemas';

const c = initContract();

export const adminContract = c.router({
  getBillingSettings: {
    method: 'GET',
    path: '/admin/billing-settings/',
    summary: 'Revenue collected this month, pending payments, and the payment provider connection',
    responses: { 200: ZBillingSettingsSchema, ...errorResponses },
    metadata: access.admin,
  },
  deleteAdminAccount: {
    method: 'POST',
    path: '/admin/delete-account/',
    summary: 'Delete the signed-in admin account (typed confirmation; the last admin cannot be deleted)',
    body: ZDeleteAccountSchema,
    responses: { 200: z.object({ detail: z.string() }), ...errorResponses },
    metadata: access.admin,
  },
  listStaff: {
    method: 'GET',
    path: '/admin/staff/',
    summary: "The agency's staff accounts (admins) with live presence; used for assignees",
    responses: { 200: z.object({ results: z.array(ZStaffMemberSchema) }), ...errorResponses },
    metadata: access.admin,
  },
});
