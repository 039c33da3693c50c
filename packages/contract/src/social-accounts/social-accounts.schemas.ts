import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '../constants';
import { ZEngagementFraction, ZQueryBoolean, ZTimestamp } from '../shared/shared.schemas';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

export const ZSocialProviderSchema = z.enum(SOCIAL_PROVIDERS);

/** A connected social account (client-and-public section 3 "Connected account"). */
export const ZSocialAccountSchema = z.object({
  id: z.number().int(),
  platform: ZSocialProviderSchema,
  username: z.string(),
  followers_count: z.number().int().nullable().describe('From the latest snapshot; null when never measured'),
  engagement_rate: ZEngagementFraction.nullable().describe('Over the past month: the average of its daily rates, as the overview’s Engagement Rate; null without any'),
  posts_count: z.number().int().nullable().describe('From the latest snapshot; null when never measured'),
  last_sync: ZTimestamp.nullable(),
  is_active: z.boolean().describe('false once disconnected; history is kept'),
  needs_reconnect: z
    .boolean()
    .describe('An active account whose grant the network refused or that expired: the client must connect it again'),
  client: z.number().int(),
  client_name: z.string(),
});
export type TSocialAccount = z.infer<typeof ZSocialAccountSchema>;

export const ZSocialAccountListQuery = z.object({
  client_id: z.coerce.number().int().positive().optional().describe('Admins: accounts of one client; ignored for clients'),
  include_inactive: ZQueryBoolean.optional()
    .describe('Disconnected accounts are left out unless true'),
});
export type TSocialAccountListQuery = z.input<typeof ZSocialAccountListQuery>;

export const ZSocialAccountListSchema = z.object({ accounts: z.array(ZSocialAccountSchema) });
export type TSocialAccountList = z.infer<typeof ZSocialAccountListSchema>;

export const ZSyncAccountResponseSchema = z.object({
  detail: z.string(),
  account: ZSocialAccountSchema.describe('The account as it stands; last_sync moves once the sync has run'),
});
export type TSyncAccountResponse = z.infer<typeof ZSyncAccountResponseSchema>;

export const ZSocialAccountStatusSchema = z.object({
  id: z.number().int(),
  platform: ZSocialProviderSchema,
  username: z.string(),
  is_active: z.boolean(),
  connected: z.boolean().describe('The provider token is present and valid'),
  sandbox: z.boolean().describe('Served by the built-in sandbox provider (no provider credentials configured)'),
  sync_in_progress: z.boolean(),
  last_sync: ZTimestamp.nullable(),
  last_error: z.string().nullable().describe('Message of the last failed sync, if the last sync failed'),
  token_expires_at: ZTimestamp.nullable(),
});
export type TSocialAccountStatus = z.infer<typeof ZSocialAccountStatusSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function socialAccountsOpenApiSchemas() {
  const socialAccount = withExample(ZSocialAccountSchema, {
    id: 14,
    platform: 'instagram',
    username: 'northwindcoffee',
    followers_count: 48210,
    engagement_rate: 0.043,
    posts_count: 612,
    last_sync: '2025-03-04T06:00:00.000Z',
    is_active: true,
    needs_reconnect: false,
    client: 12,
    client_name: 'Northwind Coffee',
  });
  return {
    SocialAccount: socialAccount,
    SocialAccountList: withExample(ZSocialAccountListSchema, { accounts: [socialAccount.example] }),
    SocialAccountStatus: withExample(ZSocialAccountStatusSchema, {
      id: 14,
      platform: 'instagram',
      username: 'northwindcoffee',
      is_active: true,
      connected: true,
      sandbox: true,
      sync_in_progress: false,
      last_sync: '2025-03-04T06:00:00.000Z',
      last_error: null,
      token_expires_at: '2025-05-03T06:00:00.000Z',
    }),
    SyncAccountResponse: withExample(ZSyncAccountResponseSchema, { detail: 'Sync started', account: socialAccount.example }),
    SocialProvider: withExample(ZSocialProviderSchema, 'instagram'),
  } satisfies TOpenApiSchemas;
}

/** An account's handle as every screen and document shows it: with one leading '@' (YouTube's too). */
export function socialHandle(username: string): string {
  const name = username.trim().replace(/^@+/, '');
  return name ? `@${name}` : '';
}

/** What an account's audience is called on its network: YouTube has subscribers, the others followers. */
export function audienceLabel(platform: (typeof SOCIAL_PROVIDERS)[number]): 'Subscribers' | 'Followers' {
  return platform === 'youtube' ? 'Subscribers' : 'Followers';
}
