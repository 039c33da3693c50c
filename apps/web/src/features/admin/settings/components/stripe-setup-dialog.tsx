import type { TBillingSettings } from '@agency/contract';
import { CheckCircle2, Circle, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Dialog, useToast } from '@/components/ui';

/** The Stripe events the API acts on; register them on the webhook endpoint in Stripe. */
export const STRIPE_WEBHOOK_EVENTS = [
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'setup_intent.succeeded',
] as const;

function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-subtle px-1 py-0.5 text-xs break-all text-fg">{children}</code>;
}

function Done({ ok, label }: { ok: boolean; label: string }) {
  return ok ? (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-success-700">
      <CheckCircle2 aria-hidden className="h-3.5 w-3.5" />
      {label} configured
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-fg-muted">
      <Circle aria-hidden className="h-3.5 w-3.5" />
      {label} not configured
    </span>
  );
}

/**
 * How to connect Stripe: the keys live only in the server's environment (never entered in the browser), then the
 * webhook endpoint is registered in Stripe for the events the API handles.
 */
export function StripeSetupDialog({ settings, onClose }: { settings: TBillingSettings; onClose: () => void }) {
  const { success, error } = useToast();
  const stripe = settings.payment_provider === 'stripe';
  const copy = (text: string) => {
    navigator.clipboard
      ?.writeText(text)
      .then(() => success('Webhook URL copied'))
      .catch(() => error('Could not copy; select the address and copy it.'));
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Connect Stripe"
      className="max-w-2xl"
      description="Stripe keys are read from the server's environment only; they are never typed into this screen."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <ol className="list-decimal space-y-5 pl-5 text-sm text-fg marker:font-semibold">
        <li className="space-y-2">
          <p className="font-medium">Set the keys from your Stripe dashboard (Developers → API keys) and restart the server.</p>
          <ul className="space-y-2">
            <li className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <Code>STRIPE_SECRET_KEY</Code> <span className="text-fg-muted">sk_test_… or sk_live_…</span>
              </span>
              <Done ok={stripe} label="Secret key" />
            </li>
            <li className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <Code>STRIPE_PUBLISHABLE_KEY</Code> <span className="text-fg-muted">pk_test_… or pk_live_…</span>
              </span>
              <Done ok={settings.publishable_key_configured} label="Publishable key" />
            </li>
          </ul>
        </li>
        <li className="space-y-2">
          <p className="font-medium">In Stripe (Developers → Webhooks), add an endpoint with this URL:</p>
          {settings.webhook_url ? (
            <div className="flex flex-wrap items-center gap-2">
              <Code>{settings.webhook_url}</Code>
              {typeof navigator !== 'undefined' && navigator.clipboard && (
                <Button variant="ghost" size="sm" onClick={() => copy(settings.webhook_url ?? '')}>
                  <Copy aria-hidden className="h-4 w-4" />
                  Copy URL
                </Button>
              )}
            </div>
          ) : (
            <p className="text-fg-muted">
              Set <Code>PUBLIC_URL</Code> to the address clients use; the endpoint is that address followed by{' '}
              <Code>/api/billing/webhook/</Code>.
            </p>
          )}
          <p>Select these events:</p>
          <ul className="grid gap-1 sm:grid-cols-2" aria-label="Webhook events">
            {STRIPE_WEBHOOK_EVENTS.map((e) => (
              <li key={e}>
                <Code>{e}</Code>
              </li>
            ))}
          </ul>
        </li>
        <li className="space-y-2">
          <p className="font-medium">Copy the endpoint&apos;s signing secret (whsec_…) into the environment and restart the server.</p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Code>STRIPE_WEBHOOK_SECRET</Code>
            <Done ok={settings.webhook_secret_configured} label="Webhook secret" />
          </div>
        </li>
      </ol>
      <p className="mt-5 rounded-lg border border-border bg-subtle p-3 text-sm text-fg-muted">
        Without <Code>STRIPE_SECRET_KEY</Code> the built-in sandbox takes payments: Stripe&apos;s test cards succeed or decline as
        they would in test mode, and no money moves.
      </p>
    </Dialog>
  );
}
