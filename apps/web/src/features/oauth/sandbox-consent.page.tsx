import { CONTENT_PLATFORM_LABELS } from '@agency/contract';
import { Check, FlaskConical } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Field, Input } from '@/components/ui';
import { useAgencyName } from '@/lib/brand';
import { displayName } from '@/lib/format';
import { readStoredUser } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { OAuthFrame } from './oauth-frame';
import {
  PERMISSIONS,
  SANDBOX_HANDLE,
  SANDBOX_HANDLE_RULE,
  consentRedirect,
  readConsentLink,
  suggestHandle,
  type TProvider,
} from './oauth-pages';

/**
 * The sandbox provider's consent screen (where a sandbox oauth_url points, PUBLIC_URL/oauth/sandbox/<provider>):
 * it plays the network's "allow access" page, clearly marked as the sandbox. Allow returns to the callback page
 * with a code for the typed handle; Deny returns with error=access_denied. Public: it is opened in the popup.
 */
export default function SandboxConsentPage({ provider }: { provider: TProvider }) {
  const brand = useAgencyName();
  const platform = CONTENT_PLATFORM_LABELS[provider];
  useDocumentTitle(`Connect ${platform} (sandbox)`);
  const [search] = useSearchParams();
  const link = useMemo(() => readConsentLink(provider, search, window.location.origin), [provider, search]);
  const [handle, setHandle] = useState(() => suggestHandle(displayName(readStoredUser())));
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<'allow' | 'deny' | null>(null);
  const formId = useId();

  if (!link.ok) {
    return (
      <OAuthFrame provider={provider}>
        <h1 className="mt-4 text-center text-lg font-semibold text-fg">Cannot continue</h1>
        <p role="alert" className="mt-2 text-center text-sm text-danger-700">
          {link.reason}
        </p>
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={() => window.close()}>
            Close
          </Button>
        </div>
      </OAuthFrame>
    );
  }

  const allow = (e: FormEvent) => {
    e.preventDefault();
    const value = handle.trim().replace(/^@/, '').toLowerCase();
    if (!SANDBOX_HANDLE.test(value)) {
      setError(SANDBOX_HANDLE_RULE);
      return;
    }
    setLeaving('allow');
    window.location.assign(consentRedirect(link, { handle: value }));
  };
  const deny = () => {
    setLeaving('deny');
    window.location.assign(consentRedirect(link, 'deny'));
  };

  return (
    <OAuthFrame
      provider={provider}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={deny} loading={leaving === 'deny'} disabled={leaving !== null}>
            Deny
          </Button>
          <Button type="submit" form={formId} loading={leaving === 'allow'} disabled={leaving !== null}>
            Allow
          </Button>
        </>
      }
    >
      <p className="mt-3 flex items-center justify-center gap-1.5 rounded-md border border-warning-600/30 bg-warning-50 px-3 py-2 text-center text-xs font-medium text-warning-700">
        <FlaskConical aria-hidden className="h-4 w-4 shrink-0" />
        Sandbox — no real {platform} account is used
      </p>
      <h1 className="mt-3 text-center text-lg font-semibold text-fg">
        {brand} wants to access your {platform} account
      </h1>
      <p className="mt-1 text-center text-sm text-fg-muted">This lets {brand} read your account’s statistics. It cannot post or change anything.</p>
      <h2 className="mt-4 text-sm font-semibold text-fg">{brand} will be able to:</h2>
      <ul className="mt-2 space-y-2">
        {PERMISSIONS[provider].map((p) => (
          <li key={p} className="flex gap-2 text-sm text-fg">
            <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-success-600" />
            {p}
          </li>
        ))}
      </ul>
      <form id={formId} noValidate onSubmit={allow} className="mt-4">
        <Field label={`${platform} account handle`} error={error ?? undefined} hint={error ? undefined : `The sandbox account to connect. ${SANDBOX_HANDLE_RULE}`}>
          <Input
            value={handle}
            onChange={(e) => {
              setHandle(e.target.value);
              setError(null);
            }}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            maxLength={31}
          />
        </Field>
      </form>
    </OAuthFrame>
  );
}
