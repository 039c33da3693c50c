import { z } from 'zod';
import { CLIENT_PERMISSIONS } from '../constants';
import { requiredEmail, requiredText } from '../shared/shared.schemas';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

const permission = z.enum(CLIENT_PERMISSIONS, { errorMap: () => ({ message: 'Choose full access, content only or billing only' }) });

/** A person of a client's team: the client's own login (full access, `is_primary`) or an invited member. */
export const ZClientMember = z.object({
  /** The person's user id. */
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  permission: z.enum(CLIENT_PERMISSIONS),
  /** The client's own login: always full access; it can be neither changed nor removed here. */
  is_primary: z.boolean(),
  /** Invited and not signed in yet. */
  invite_pending: z.boolean(),
  created_at: z.string(),
});
export type TClientMember = z.infer<typeof ZClientMember>;

/** POST /team/members/: a client with full access invites a person; they get an e-mail with a one-time link. */
export const ZInviteClientMember = z.object({
  email: requiredEmail('Email is required'),
  name: requiredText('Name is required', 150),
  permission,
});
export type TInviteClientMember = z.input<typeof ZInviteClientMember>;

export const ZUpdateClientMember = z.object({ permission });
export type TUpdateClientMember = z.infer<typeof ZUpdateClientMember>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function teamOpenApiSchemas() {
  return {
    ClientMember: withExample(ZClientMember, {
      id: 31,
      name: 'Sam Rivera',
      email: 'sam@northwind.example',
      permission: 'content',
      is_primary: false,
      invite_pending: true,
      created_at: '2025-03-04T09:00:00.000Z',
    }),
    InviteClientMember: withExample(ZInviteClientMember, { email: 'sam@northwind.example', name: 'Sam Rivera', permission: 'content' }),
    UpdateClientMember: withExample(ZUpdateClientMember, { permission: 'billing' }),
  } satisfies TOpenApiSchemas;
}
