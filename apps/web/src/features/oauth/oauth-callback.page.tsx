import { AUTH_PAGE_PATH, CONTENT_PLATFORM_LABELS, DASHBOARD_PATH } from '@agency/contract';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Spinner } from '@/components/ui';
import { errorMessageFromBody } from '@/lib/format';
import { readToken } from '@/lib/storage';
import { tsr } from '@/lib/tsr';
import { useDocumentTitle } from '@/lib/use-document-title';
import { OAuthFrame } from './oauth-frame';
import type { TProvider } from './oauth-pages';

/** How long the success message shows before the popup closes itself. */
export const CALLBACK_CLOSE_DELAY_MS = 1500;

type TOutcome =
  | { kind: 'working' }
  | { kind: 'connected'; username: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string }
  | { kind: 'signed-out' };

function closeOrLeave() {
  window.close();
  // A window the app did not open (the link was followed in a tab) cannot close itself: go to the dashboard.
  window.setTimeout(() => {
    if (!window.closed) window.location.assign(DASHBOARD_PATH);
  }, 300);
}

/**
 * Where every provider sends the browser back (PUBLIC_URL/oauth/callback/<provider>): the code and state go to
 * POST /api/oauth/<provider>/callback/ with the signed-in user's token (the popup shares the opener's storage).
 * Success closes the popup after a moment (the opener notices and reloads); an error shows the server's words.
 */
export default function OAuthCallbackPage({ provider }: { provider: TProvider }) {
  const platform = CONTENT_PLATFORM_LABELS[provider];
  useDocumentTitle(`Connecting ${platform}`);
  const [search] = useSearchParams();
  const [outcome, setOutcome] = useState<TOutcome>({ kind: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    // The state is single-use: the exchange runs once per page, also under StrictMode's double effects.
    if (sent.current) return;
    sent.current = true;
    const error = search.get('error');
    const code = search.get('code') ?? '';
    const state = search.get('state') ?? '';
    if (error === 'access_denied') return setOutcome({ kind: 'cancelled' });
    if (error) return setOutcome({ kind: 'failed', message: search.get('error_description') || `Failed to connect ${platform} account` });
    if (!code || !state) return setOutcome({ kind: 'failed', message: 'The sign-in answer is missing its code. Please start connecting again.' });
    if (!readToken()) return setOutcome({ kind: 'signed-out' });
    tsr.oauth.completeOAuth.mutate({ params: { provider }, body: { code, state } }).then(
      (res) => {
        if (res.status === 200) {
          setOutcome({ kind: 'connected', username: res.body.username });
          window.setTimeout(() => window.close(), CALLBACK_CLOSE_DELAY_MS);
        } else {
          setOutcome({ kind: 'failed', message: res.status >= 500 ? `Failed to connect ${platform} account` : errorMessageFromBody(res.body, res.status) });
        }
      },
      () => setOutcome({ kind: 'failed', message: `Failed to connect ${platform} account` }),
    );
  }, [provider, platform, search]);

  return (
    <OAuthFrame provider={provider}>
      <div className="mt-4 text-center" aria-live="polite">
        {outcome.kind === 'working' ? (
          <>
            <Spinner size="lg" label={null} />
            <h1 className="mt-3 text-lg font-semibold text-fg">Connecting your {platform} account…</h1>
          </>
        ) : outcome.kind === 'connected' ? (
          <>
            <CheckCircle2 aria-hidden className="mx-auto h-10 w-10 text-success-600" />
            <h1 className="mt-3 text-lg font-semibold text-fg">{platform} account connected</h1>
            <p className="mt-1 text-sm text-fg-muted">
              {outcome.username} is connected. This window closes by itself.
            </p>
          </>
        ) : outcome.kind === 'cancelled' ? (
          <>
            <XCircle aria-hidden className="mx-auto h-10 w-10 text-fg-subtle" />
            <h1 className="mt-3 text-lg font-semibold text-fg">Connection cancelled</h1>
            <p className="mt-1 text-sm text-fg-muted">No {platform} account was connected.</p>
          </>
        ) : outcome.kind === 'signed-out' ? (
          <>
            <XCircle aria-hidden className="mx-auto h-10 w-10 text-danger-600" />
            <h1 className="mt-3 text-lg font-semibold text-fg">Sign in to finish connecting</h1>
            <p className="mt-1 text-sm text-fg-muted">
              You are not signed in at {window.location.host}. If you signed in at another address of this app, open it at{' '}
              {window.location.origin} instead. <Link className="font-medium text-brand-700 underline" to={AUTH_PAGE_PATH}>Sign in</Link> here,
              then connect {platform} again from your dashboard.
            </p>
          </>
        ) : (
          <>
            <XCircle aria-hidden className="mx-auto h-10 w-10 text-danger-600" />
            <h1 className="mt-3 text-lg font-semibold text-fg">Could not connect {platform}</h1>
            <p role="alert" className="mt-1 text-sm text-danger-700">
              {outcome.message}
            </p>
          </>
        )}
      </div>
      {outcome.kind !== 'working' && (
        <div className="mt-6 flex justify-center">
          <Button variant={outcome.kind === 'connected' ? 'primary' : 'secondary'} onClick={closeOrLeave}>
            Close
          </Button>
        </div>
      )}
    </OAuthFrame>
  );
}
