import type { AppConfig } from '../../config';
import type { Clock } from '../../core/clock';
import { appSecretOf } from '../../core/secret';
import { createInstagramProvider } from './instagram';
import type { SocialProvider, SocialProviderName } from './provider';
import { createSandboxSocialProvider } from './sandbox/sandbox-provider';
import { createTiktokProvider } from './tiktok';
import { createYoutubeProvider } from './youtube';

export type SocialProviders = Record<SocialProviderName, SocialProvider>;
export const SOCIAL_PROVIDER_NAMES = ['instagram', 'youtube', 'tiktok'] as const satisfies readonly SocialProviderName[];

/** PUBLIC_URL without a trailing slash (the local address when unset, as in development). */
export const publicUrlOf = (config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>): string =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');

/** Whether a network's OAuth credentials are configured (then its real provider serves it). */
export function credentialsOf(config: AppConfig, name: SocialProviderName): { clientId: string; clientSecret: string } | null {
  const pair: Record<SocialProviderName, [string | undefined, string | undefined]> = {
    instagram: [config.INSTAGRAM_CLIENT_ID, config.INSTAGRAM_CLIENT_SECRET],
    youtube: [config.YOUTUBE_CLIENT_ID, config.YOUTUBE_CLIENT_SECRET],
    tiktok: [config.TIKTOK_CLIENT_KEY, config.TIKTOK_CLIENT_SECRET],
  };
  const [clientId, clientSecret] = pair[name];
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/**
 * Whether a network can be connected: its credentials are configured, or the sandbox may stand in for it
 * (SOCIAL_SANDBOX, off by default in production, so paying clients never connect a made-up account).
 */
export const isConnectable = (config: AppConfig, name: SocialProviderName): boolean =>
  credentialsOf(config, name) !== null || config.SOCIAL_SANDBOX === 'on';

/** The real adapters (integrations/social/<network>/): a factory per network, called with its credentials. */
export type RealProviderFactory = (options: { clientId: string; clientSecret: string; publicUrl: string; now: Clock }) => SocialProvider;
export const REAL_PROVIDERS: Record<SocialProviderName, RealProviderFactory> = {
  instagram: createInstagramProvider,
  youtube: createYoutubeProvider,
  tiktok: createTiktokProvider,
};

/** Per network: the real provider when its credentials are configured, else the sandbox. */
export function createSocialProviders(config: AppConfig, now: Clock): SocialProviders {
  const publicUrl = publicUrlOf(config);
  const secret = appSecretOf(config);
  const entries = SOCIAL_PROVIDER_NAMES.map((name) => {
    const credentials = credentialsOf(config, name);
    const provider = credentials
      ? REAL_PROVIDERS[name]({ ...credentials, publicUrl, now })
      : createSandboxSocialProvider(name, { secret, publicUrl, now });
    return [name, provider] as const;
  });
  return Object.fromEntries(entries) as SocialProviders;
}
