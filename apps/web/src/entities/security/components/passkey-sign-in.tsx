import type { TAuthResponse, TPasskeySignIn, TSecondFactorChallenge } from '@agency/contract';
import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { serverFieldErrors } from '@/lib/server-errors';
import { tsr } from '@/lib/tsr';

export const PASSKEY_CANCELLED = 'The passkey was not used. Try again, or sign in another way.';
export const PASSKEY_FAILED = 'Could not sign in with the passkey. Please try again.';

/** The API's message of a refused step: its field's, else its detail. */
function refusal(res: { status: number; body: unknown }): string {
  const fields = serverFieldErrors(res) ?? {};
  return fields.response ?? fields.challenge ?? (res.body as { detail?: string } | undefined)?.detail ?? PASSKEY_FAILED;
}

/** Asks the browser's authenticator to sign the options; null when the person cancelled or the browser refused. */
async function askAuthenticator(options: Record<string, unknown>) {
  try {
    const answer = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
    return answer as unknown as TPasskeySignIn['response'];
  } catch {
    return null;
  }
}

function usePasskeyStep(run: () => Promise<string | TAuthResponse>, onSignedIn: () => void) {
  const { startSession } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await run();
      if (typeof answer === 'string') setError(answer);
      else {
        startSession(answer);
        onSignedIn();
      }
    } catch {
      setError(PASSKEY_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, go };
}

function PasskeyButton({ label, busy, error, onClick, id }: { label: string; busy: boolean; error: string | null; onClick: () => void; id: string }) {
  return (
    <div className="space-y-2">
      <Button type="button" variant="secondary" className="w-full" onClick={onClick} loading={busy} aria-describedby={error ? id : undefined}>
        {!busy && <KeyRound aria-hidden className="h-4 w-4" />}
        {label}
      </Button>
      {error && (
        <p id={id} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** "Continue with a passkey" on /auth (not "Sign in …": the password form keeps the one Sign In button): no e-mail, no password; the browser offers the passkeys it has for this site. */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: () => void }) {
  const step = usePasskeyStep(async () => {
    const start = await tsr.passkeys.startPasskeySignIn.mutate({});
    if (start.status !== 200) return refusal(start);
    const response = await askAuthenticator(start.body.options);
    if (!response) return PASSKEY_CANCELLED;
    const res = await tsr.passkeys.passkeySignIn.mutate({ body: { challenge: start.body.challenge, response } });
    return res.status === 200 ? res.body : refusal(res);
  }, onSignedIn);
  if (!browserSupportsWebAuthn()) return null;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-fg-muted" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <PasskeyButton id="passkey-sign-in-error" label="Continue with a passkey" {...step} onClick={() => void step.go()} />
    </div>
  );
}

/** The second step with a passkey, offered when the account has one (the challenge's methods say so). */
export function PasskeySecondFactorButton({ challenge, onSignedIn }: { challenge: TSecondFactorChallenge; onSignedIn: () => void }) {
  const step = usePasskeyStep(async () => {
    const start = await tsr.passkeys.secondFactorPasskeyOptions.mutate({ body: { challenge: challenge.challenge } });
    if (start.status !== 200) return refusal(start);
    const response = await askAuthenticator(start.body.options);
    if (!response) return PASSKEY_CANCELLED;
    const res = await tsr.passkeys.verifySecondFactorPasskey.mutate({ body: { challenge: challenge.challenge, response } });
    return res.status === 200 ? res.body : refusal(res);
  }, onSignedIn);
  if (!challenge.methods.includes('passkey') || !browserSupportsWebAuthn()) return null;
  return <PasskeyButton id="passkey-second-step-error" label="Use a passkey" {...step} onClick={() => void step.go()} />;
}
