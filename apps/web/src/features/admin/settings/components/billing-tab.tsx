import { CheckCircle2, CreditCard, Download, FlaskConical } from 'lucide-react';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, ErrorState, Skeleton, SkeletonGroup, StatCard } from '@/components/ui';
import { errorMessage, formatUsd } from '@/lib/format';
import { useBillingSettings } from '../api/settings.queries';
import { useExportData } from '../use-export-data';

/** Revenue this month, pending payments, the payment provider from configuration, Export Data. */
export function BillingTab() {
  const q = useBillingSettings();
  const { exportData, exporting } = useExportData();

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
          <Card>
            <CardHeader>
              <div>
                <CardTitle>Payment provider</CardTitle>
                <p className="mt-1 text-sm text-fg-muted">How clients pay their invoices.</p>
              </div>
              {q.data.body.stripe_account_connected ? (
                <Badge tone="success">
                  <CheckCircle2 aria-hidden className="h-3.5 w-3.5" />
                  Connected
                </Badge>
              ) : (
                <Badge tone="info">
                  <FlaskConical aria-hidden className="h-3.5 w-3.5" />
                  Sandbox
                </Badge>
              )}
            </CardHeader>
            <CardContent className="flex items-start gap-3">
              <span className="rounded-lg bg-brand-50 p-2 text-brand-600">
                <CreditCard aria-hidden className="h-5 w-5" />
              </span>
              {q.data.body.stripe_account_connected ? (
                <div>
                  <p className="font-medium text-fg">Connected to Stripe</p>
                  <p className="text-sm text-fg-muted">Card payments for invoices go through your Stripe account.</p>
                </div>
              ) : (
                <div className="min-w-0">
                  <p className="font-medium text-fg">Sandbox payments (no Stripe keys configured)</p>
                  <p className="text-sm text-fg-muted">
                    Payments are simulated; Stripe&apos;s test card numbers succeed or decline as they would there. To take real
                    payments, set <code className="rounded bg-subtle px-1 py-0.5 text-xs whitespace-nowrap">STRIPE_SECRET_KEY</code> and{' '}
                    <code className="rounded bg-subtle px-1 py-0.5 text-xs whitespace-nowrap">STRIPE_PUBLISHABLE_KEY</code> in the server&apos;s
                    environment and restart it.
                  </p>
                </div>
              )}
            </CardContent>
          </Card>
        </>
      )}
      <Card>
        <CardHeader>
          <div>
            <CardTitle>Export Data</CardTitle>
            <p className="mt-1 text-sm text-fg-muted">Download everything the product holds about your account as a JSON file.</p>
          </div>
        </CardHeader>
        <CardContent>
          <Button variant="secondary" onClick={exportData} loading={exporting}>
            {!exporting && <Download aria-hidden className="h-4 w-4" />}
            Export Data
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
