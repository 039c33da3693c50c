import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '../constants';
import { requiredText } from '../shared/shared.schemas';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

export const ZOAuthProviderParams = z.object({
  provider: z.enum(SOCIAL_PROVIDERS, { errorMap: () => ({ message: 'Unknown provider' }) }),
});
export type TOAuthProviderParams = z.infer<typeof ZOAuthProviderParams>;

export const ZOAuthInitiateSchema = z.object({
  oauth_url: z.string().describe('Open in the 500x600 popup; with the sandbox provider it points back to this app'),
  state: z.string().describe('Signed, single-use; must come back unchanged in the callback'),
});
export type TOAuthInitiate = z.infer<typeof ZOAuthInitiateSchema>;

export const ZOAuthCallbackSchema = z.object({
  code: requiredText('Missing authorization code', 4000),
  state: requiredText('Missing state', 4000),
});
export type TOAuthCallback = z.infer<typeof ZOAuthCallbackSchema>;

/** Whether each network can be connected here (the connect dialog marks the others 'Coming Soon'). */
export const ZOAuthProvidersSchema = z.object({
  providers: z.array(
    z.object({
      provider: z.enum(SOCIAL_PROVIDERS),
      available: z.boolean().describe('Its credentials are configured, or the built-in sandbox serves it'),
      sandbox: z.boolean().describe('The built-in sandbox serves it (no real account is read)'),
    }),
  ),
});
export type TOAuthProviders = z.infer<typeof ZOAuthProvidersSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function oauthOpenApiSchemas() {
  return {
    OAuthInitiate: withExample(ZOAuthInitiateSchema, {
      oauth_url: '/api/oauth/instagram/callback/?code=sandbox-code&state=eyJjIjoxMn0.sig',
      state: 'eyJjIjoxMn0.sig',
    }),
  } satisfies TOpenApiSchemas;
}
