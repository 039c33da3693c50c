import { CONTENT_PLATFORM_LABELS, LIMITS, type SOCIAL_PROVIDERS } from '@agency/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { errorMessageFromBody } from '@/lib/format';
import { tsr } from '@/lib/tsr';

export type TSocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Answers of initiate that mean "this network is not set up here" (then the modal marks it Coming Soon). */
const NOT_CONFIGURED = new Set([501, 503]);

export const connectFailedText = (provider: TSocialProvider) => `Failed to connect ${CONTENT_PLATFORM_LABELS[provider]} account`;

/** window.open features of the 500x600 popup (client-and-public 9), centred over the opener. */
function popupFeatures(): string {
  const { width, height } = LIMITS.oauthPopup;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

export interface TOAuthPopup {
  /** The network whose popup is open (or being prepared). */
  connecting: TSocialProvider | null;
  /** The browser blocked the popup: the URL to open from a fresh click. */
  blocked: { provider: TSocialProvider; url: string } | null;
  error: string | null;
  /** Networks the server said are not configured. */
  unavailable: ReadonlySet<TSocialProvider>;
  connect: (provider: TSocialProvider) => void;
  openBlocked: () => void;
  reset: () => void;
}

/**
 * The OAuth popup of client-and-public 4: the user picks a network, a 500x600 popup opens on the provider's
 * URL (from GET /api/oauth/<provider>/initiate/), it is checked every second, and when it closes the state
 * resets and the accounts and numbers reload. The popup is opened blank in the click itself (so blockers allow
 * it) and pointed at the provider once the URL arrives.
 */
export function useOAuthPopup({ onClosed }: { onClosed?: () => void } = {}): TOAuthPopup {
  const invalidate = useInvalidateAffected('metrics');
  const [connecting, setConnecting] = useState<TSocialProvider | null>(null);
  const [blocked, setBlocked] = useState<TOAuthPopup['blocked']>(null);
  const [error, setError] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<ReadonlySet<TSocialProvider>>(new Set());
  const timer = useRef<number | null>(null);
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;

  const stopWatching = useCallback(() => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => stopWatching, [stopWatching]);

  const watch = useCallback(
    (popup: Window) => {
      stopWatching();
      timer.current = window.setInterval(() => {
        if (!popup.closed) return;
        stopWatching();
        setConnecting(null);
        void invalidate();
        onClosedRef.current?.();
      }, LIMITS.oauthPopup.pollMs);
    },
    [invalidate, stopWatching],
  );

  const connect = useCallback(
    (provider: TSocialProvider) => {
      setError(null);
      setBlocked(null);
      setConnecting(provider);
      const popup = window.open('about:blank', `oauth-${provider}`, popupFeatures());
      void tsr.oauth.initiateOAuth.query({ params: { provider } }).then(
        (res) => {
          if (res.status === 200) {
            if (popup && !popup.closed) {
              popup.location.href = res.body.oauth_url;
              watch(popup);
            } else {
              setConnecting(null);
              setBlocked({ provider, url: res.body.oauth_url });
            }
            return;
          }
          popup?.close();
          setConnecting(null);
          if (NOT_CONFIGURED.has(res.status)) setUnavailable((prev) => new Set(prev).add(provider));
          setError(res.status >= 500 ? connectFailedText(provider) : errorMessageFromBody(res.body, res.status));
        },
        () => {
          popup?.close();
          setConnecting(null);
          setError(connectFailedText(provider));
        },
      );
    },
    [watch],
  );

  const openBlocked = useCallback(() => {
    if (!blocked) return;
    const popup = window.open(blocked.url, `oauth-${blocked.provider}`, popupFeatures());
    if (!popup) return;
    setConnecting(blocked.provider);
    setBlocked(null);
    watch(popup);
  }, [blocked, watch]);

  const reset = useCallback(() => {
    setError(null);
    setBlocked(null);
  }, []);

  return { connecting, blocked, error, unavailable, connect, openBlocked, reset };
}
