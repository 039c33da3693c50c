import type { TBillingSettings } from '@agency/contract';
import { ArrowRight, CheckCircle2, CreditCard, FileDown, FlaskConical, Plug, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, ErrorState, Skeleton, SkeletonGroup, StatCard } from '@/components/ui';
import { errorMessage, formatUsd } from '@/lib/format';
import { useBillingSettings } from '../api/settings.queries';
import { StripeSetupDialog } from './stripe-setup-dialog';

function Check({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      {ok ? (
        <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-success-600" />
      ) : (
        <XCircle aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-fg-subtle" />
      )}
      <span>
        {children}: <span className={ok ? 'font-medium text-success-700' : 'font-medium text-fg-muted'}>{ok ? 'configured' : 'not configured'}</span>
      </span>
    </li>
  );
}

/** The payment provider as configured: Stripe (test or live) with its keys, webhook secret and webhook URL, or the sandbox. */
function ProviderCard({ settings, onConnect }: { settings: TBillingSettings; onConnect: () => void }) {
  const stripe = settings.payment_provider === 'stripe';
  const mode = settings.stripe_mode === 'live' ? 'live' : 'test';
  const ready = stripe && settings.publishable_key_configured && settings.webhook_secret_configured;
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Payment provider</CardTitle>
          <p className="mt-1 text-sm text-fg-muted">How clients pay their invoices and plans.</p>
        </div>
        {stripe ? (
          <Badge tone={ready ? 'success' : 'warning'}>
            <CheckCircle2 aria-hidden className="h-3.5 w-3.5" />
            {mode === 'live' ? 'Stripe · live' : 'Stripe · test mode'}
          </Badge>
        ) : (
          <Badge tone="info">
            <FlaskConical aria-hidden className="h-3.5 w-3.5" />
            Sandbox
          </Badge>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-start gap-3">
          <span className="rounded-lg bg-brand-50 p-2 text-brand-600">
            <CreditCard aria-hidden className="h-5 w-5" />
          </span>
          {stripe ? (
            <div className="min-w-0">
              <p className="font-medium text-fg">{mode === 'live' ? 'Connected to Stripe (live)' : 'Connected to Stripe (test mode)'}</p>
              <p className="text-sm text-fg-muted">
                {mode === 'live'
                  ? 'Card payments go through your Stripe account and move real money.'
                  : "Card payments go through your Stripe account's test mode: only Stripe's test cards work and no money moves."}
              </p>
            </div>
          ) : (
            <div className="min-w-0">
              <p className="font-medium text-fg">Sandbox payments (no Stripe keys configured)</p>
              <p className="text-sm text-fg-muted">
                Payments are simulated; Stripe&apos;s test card numbers succeed or decline as they would there.
              </p>
            </div>
          )}
        </div>
        {stripe && (
          <ul className="space-y-1.5 text-sm text-fg" aria-label="Stripe configuration">
            <Check ok>Secret key</Check>
            <Check ok={settings.publishable_key_configured}>Publishable key</Check>
            <Check ok={settings.webhook_secret_configured}>Webhook signing secret</Check>
          </ul>
        )}
        {stripe && (
          <div className="text-sm">
            <p className="text-fg-muted">Webhook URL to register in Stripe</p>
            {settings.webhook_url ? (
              <code className="mt-1 block rounded bg-subtle px-2 py-1 text-xs break-all text-fg">{settings.webhook_url}</code>
            ) : (
              <p className="text-fg-muted">Set PUBLIC_URL on the server to show it.</p>
            )}
          </div>
        )}
        <Button variant={stripe ? 'secondary' : 'primary'} onClick={onConnect}>
          <Plug aria-hidden className="h-4 w-4" />
          {stripe ? 'Stripe setup' : 'Connect Stripe'}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Revenue this month, pending payments, the payment provider from configuration, and the way to the invoices' CSV
 * export (the account's own data is exported under Security: it holds no billing).
 */
export function BillingTab() {
  const q = useBillingSettings();
  const [connecting, setConnecting] = useState(false);

  return (
    <div className="space-y-6">
      {q.isPending ? (
        <SkeletonGroup label="Loading billing settings" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-28 rounded-xl" />
            <Skeleton className="h-28 rounded-xl" />
          </div>
          <Skeleton className="h-36 rounded-xl" />
        </SkeletonGroup>
      ) : q.isError ? (
        <Card>
          <ErrorState
            title="Could not load billing settings"
            message={errorMessage(q.error)}
            onRetry={() => void q.refetch()}
            retrying={q.isFetching}
          />
        </Card>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <StatCard label="Revenue this month" value={formatUsd(q.data.body.total_revenue_this_month)} hint="collected" />
            <StatCard label="Pending payments" value={formatUsd(q.data.body.pending_payments)} hint="awaiting payment" />
          </div>
          <ProviderCard settings={q.data.body} onConnect={() => setConnecting(true)} />
        </>
      )}
      <Card>
        <CardHeader>
          <div>
            <CardTitle>Export invoices</CardTitle>
            <p className="mt-1 text-sm text-fg-muted">
              The Invoices screen downloads invoices as a CSV file: all of them, or only those its filters show.
            </p>
          </div>
        </CardHeader>
        <CardContent>
          <Button variant="secondary" asChild>
            <Link to="/dashboard#invoices">
              <FileDown aria-hidden className="h-4 w-4" />
              Go to Invoices
              <ArrowRight aria-hidden className="h-4 w-4" />
            </Link>
          </Button>
        </CardContent>
      </Card>
      {connecting && q.data && <StripeSetupDialog settings={q.data.body} onClose={() => setConnecting(false)} />}
    </div>
  );
}
