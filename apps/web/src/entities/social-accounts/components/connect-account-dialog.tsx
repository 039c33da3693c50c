import { SOCIAL_PROVIDERS, type TSocialAccount } from '@agency/contract';
import { CheckCircle2, ExternalLink, ShieldCheck } from 'lucide-react';
import { PlatformIcon, platformLabel } from '@/components/platform-icon';
import { Badge, Button, Dialog, Spinner } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useOAuthProviders } from '../api/list-oauth-providers';
import type { TOAuthPopup, TSocialProvider } from '../api/use-oauth-popup';

/** The security note of client-and-public 2.4. */
export const CONNECT_SECURITY_NOTE =
  'We connect through each platform’s official API and secure OAuth sign-in. Your login credentials are never shared with us or stored.';

const PLATFORM_BLURBS: Record<TSocialProvider, string> = {
  instagram: 'Followers, reach and engagement of a professional account',
  youtube: 'Subscribers, views and engagement of your channel',
  tiktok: 'Followers, likes and video engagement',
};

/**
 * Connect Social Media Account (client-and-public 2.4): Instagram, YouTube, TikTok; a connected network shows
 * Connected; a network the server cannot connect (GET /api/oauth/providers/, or an initiate answering 501 / 503)
 * shows Coming Soon; one the built-in sandbox serves says so. Picking one
 * opens the OAuth popup (see useOAuthPopup, which the screen owns so the popup outlives the dialog).
 */
export function ConnectAccountDialog({
  open,
  onOpenChange,
  accounts,
  oauth,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accounts: readonly TSocialAccount[];
  oauth: TOAuthPopup;
}) {
  const connected = new Set(accounts.filter((a) => a.is_active).map((a) => a.platform));
  const providers = useOAuthProviders(open).data?.body.providers;
  const served = (provider: TSocialProvider) => providers?.find((p) => p.provider === provider);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) oauth.reset();
        onOpenChange(o);
      }}
      title="Connect Social Media Account"
      description="Choose a platform. A sign-in window opens where you allow read-only access to your account’s statistics."
    >
      <ul className="space-y-2" aria-label="Platforms">
        {SOCIAL_PROVIDERS.map((provider) => {
          const name = platformLabel(provider);
          const isConnected = connected.has(provider);
          const comingSoon = oauth.unavailable.has(provider) || served(provider)?.available === false;
          const sandbox = served(provider)?.sandbox === true;
          const busy = oauth.connecting === provider;
          return (
            <li key={provider}>
              <button
                type="button"
                onClick={() => oauth.connect(provider)}
                disabled={isConnected || comingSoon || oauth.connecting !== null}
                aria-label={`${name}${isConnected ? ', Connected' : comingSoon ? ', Coming Soon' : ''}`}
                className={cn(
                  'flex w-full items-center gap-3 rounded-lg border border-border p-3 text-left transition-colors',
                  'enabled:hover:border-brand-600 enabled:hover:bg-brand-50 disabled:cursor-not-allowed',
                  (comingSoon || (oauth.connecting !== null && !busy)) && 'opacity-60',
                )}
              >
                <PlatformIcon platform={provider} />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-fg">{name}</span>
                  <span className="block text-xs text-fg-muted">
                    {PLATFORM_BLURBS[provider]}
                    {sandbox && !isConnected && ' · Sandbox: no real account is read'}
                  </span>
                </span>
                {busy ? (
                  <Spinner size="sm" label={`Connecting ${name}`} />
                ) : isConnected ? (
                  <Badge tone="success">
                    <CheckCircle2 aria-hidden className="h-3.5 w-3.5" />
                    Connected
                  </Badge>
                ) : comingSoon ? (
                  <Badge>Coming Soon</Badge>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>

      {oauth.error && (
        <p role="alert" className="mt-3 rounded-md border border-danger-600/30 bg-danger-50 px-3 py-2 text-sm text-danger-700">
          {oauth.error}
        </p>
      )}
      {oauth.blocked && (
        <div role="alert" className="mt-3 rounded-md border border-warning-600/30 bg-warning-50 px-3 py-2 text-sm text-warning-700">
          <p>Your browser blocked the {platformLabel(oauth.blocked.provider)} sign-in window.</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={oauth.openBlocked}>
            <ExternalLink aria-hidden className="h-4 w-4" />
            Open the sign-in window
          </Button>
        </div>
      )}
      {oauth.connecting && (
        <p role="status" className="mt-3 text-sm text-fg-muted">
          Finish signing in to {platformLabel(oauth.connecting)} in the window that opened. This dialog updates when it closes.
        </p>
      )}

      <p className="mt-4 flex gap-2 rounded-md bg-subtle px-3 py-2 text-xs text-fg-muted">
        <ShieldCheck aria-hidden className="h-4 w-4 shrink-0 text-success-600" />
        {CONNECT_SECURITY_NOTE}
      </p>
    </Dialog>
  );
}
