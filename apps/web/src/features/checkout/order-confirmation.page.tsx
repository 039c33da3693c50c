import type { TOrder } from '@agency/contract';
import { CheckCircle2, ClipboardList, Clock, HelpCircle, XCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Button, Card, ErrorState, Spinner } from '@/components/ui';
import { IntakeFormDialog, type TIntakeTarget } from '@/entities/intake/components/intake-form-dialog';
import { orderKeys } from '@/entities/orders/order-keys';
import { useAuth } from '@/lib/auth';
import { clearCartPromo } from '@/lib/cart-promo';
import { clearCart } from '@/lib/cart-store';
import { formatUsdCents } from '@/lib/format';
import { tsr } from '@/lib/tsr';
import { useDocumentTitle } from '@/lib/use-document-title';

/** How often a pending order is asked again, and for how long before saying it is still processing. */
export const CONFIRMATION_POLL_MS = 1500;
export const CONFIRMATION_POLL_LIMIT_MS = 30_000;

function orderIdOf(value: string | null): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * /order-confirmation?order=<id> (client-and-public 2.10): the order's true payment status, asked from the server
 * (polled while pending). Only the server decides: a typed ?status= is never read.
 */
export default function OrderConfirmationPage() {
  const [params] = useSearchParams();
  const { isAuthenticated, isInitializing } = useAuth();
  useDocumentTitle('Order Confirmation');
  const orderId = orderIdOf(params.get('order'));

  let content: ReactNode;
  if (isInitializing) content = <Processing />;
  else if (orderId === null) content = <UnknownOrder />;
  else if (!isAuthenticated) {
    return <Navigate to={`/auth?redirect=${encodeURIComponent(`/order-confirmation?order=${orderId}`)}`} replace />;
  } else content = <OrderStatus orderId={orderId} />;

  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20">
      <Card className="w-full p-8 text-center">{content}</Card>
    </section>
  );
}

function OrderStatus({ orderId }: { orderId: number }) {
  const [startedAt] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const query = tsr.orders.getOrder.useQuery({
    queryKey: orderKeys.confirmation(orderId),
    queryData: { params: { id: orderId } },
    refetchInterval: (q) => {
      const data = q.state.data;
      if (data?.status !== 200 || data.body.status !== 'pending') return false;
      return Date.now() - startedAt < CONFIRMATION_POLL_LIMIT_MS ? CONFIRMATION_POLL_MS : false;
    },
    retry: false,
  });
  const order = query.data?.status === 200 ? query.data.body : null;
  const pending = order?.status === 'pending';

  useEffect(() => {
    if (!pending) return;
    const left = CONFIRMATION_POLL_LIMIT_MS - (Date.now() - startedAt);
    const timer = setTimeout(() => setTimedOut(true), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [pending, startedAt]);

  const paid = order?.status === 'succeeded';
  useEffect(() => {
    if (!paid) return;
    clearCart();
    clearCartPromo();
  }, [paid]);

  if (query.isPending) return <Processing />;
  if (query.isError || !order) {
    const status = (query.error as { status?: unknown } | null)?.status;
    if (status === 404) return <UnknownOrder />;
    return (
      <ErrorState
        title="We could not check your payment"
        message="Failed to load the order. Please try again."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (order.status === 'succeeded') return <Succeeded order={order} />;
  if (order.status === 'failed' || order.status === 'cancelled') return <Failed order={order} />;
  return timedOut ? <StillProcessing order={order} /> : <Processing />;
}

function Processing() {
  // A status that holds the heading: role="status" on the h1 itself would take its heading role away.
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-6">
      <Spinner size="lg" label={null} />
      <h1 className="text-lg font-medium text-fg">Processing payment...</h1>
    </div>
  );
}

function OrderLine({ order }: { order: TOrder }) {
  return (
    <p className="mt-4 text-sm text-fg-muted">
      Order #{order.id} · {formatUsdCents(order.total)}
      {order.invoice_number && <> · Invoice {order.invoice_number}</>}
    </p>
  );
}

function Succeeded({ order }: { order: TOrder }) {
  const [intakeForm, setIntakeForm] = useState<TIntakeTarget | null>(null);
  const intake = order.intake?.status === 'waiting' ? order.intake : null;
  return (
    <>
      <CheckCircle2 aria-hidden className="mx-auto h-14 w-14 text-success-600" />
      <h1 className="mt-4 text-2xl font-semibold text-fg">Payment Successful!</h1>
      <p className="mt-2 text-fg-muted">Thank you for your order. You can follow its delivery on your dashboard.</p>
      <OrderLine order={order} />
      {intake && (
        <section aria-labelledby="intake-step-title" className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-4 text-left">
          <h2 id="intake-step-title" className="flex items-center gap-2 text-sm font-semibold text-fg">
            <ClipboardList aria-hidden className="h-4 w-4 text-brand-700" />
            One more step
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            Tell us which account to grow, your goals and your audience. The team starts the work as soon as you send it.
          </p>
          <Button className="mt-3" onClick={() => setIntakeForm({ id: intake.id, subject: `Order #${order.id}`, order: order.id })}>
            Tell us about your account
          </Button>
        </section>
      )}
      <Button asChild variant={intake ? 'secondary' : 'primary'} className="mt-8">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
      <IntakeFormDialog form={intakeForm} onClose={() => setIntakeForm(null)} />
    </>
  );
}

function Failed({ order }: { order: TOrder }) {
  return (
    <>
      <XCircle aria-hidden className="mx-auto h-14 w-14 text-danger-600" />
      <h1 className="mt-4 text-2xl font-semibold text-fg">Payment Failed</h1>
      <p className="mt-2 text-fg-muted">We were unable to process your payment. Please try again or contact support.</p>
      {order.payment_error && (
        <p className="mt-4 rounded-md border border-danger-600/30 bg-danger-50 px-3 py-2 text-sm text-danger-700" data-testid="payment-error">
          {order.payment_error}
        </p>
      )}
      <OrderLine order={order} />
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/dashboard#billing">Try Again</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/contact">Contact Support</Link>
        </Button>
      </div>
    </>
  );
}

function StillProcessing({ order }: { order: TOrder }) {
  return (
    <>
      <Clock aria-hidden className="mx-auto h-14 w-14 text-warning-600" />
      <h1 className="mt-4 text-2xl font-semibold text-fg">Payment still processing</h1>
      <p className="mt-2 text-fg-muted">
        Your payment has not been confirmed yet. This can take a few minutes; your order and its status are on your dashboard.
      </p>
      <OrderLine order={order} />
      <Button asChild className="mt-8">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    </>
  );
}

function UnknownOrder() {
  return (
    <>
      <HelpCircle aria-hidden className="mx-auto h-14 w-14 text-fg-subtle" />
      <h1 className="mt-4 text-2xl font-semibold text-fg">Order not found</h1>
      <p className="mt-2 text-fg-muted">
        We could not find a payment to confirm. Your orders and their payments are on your dashboard.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/contact">Contact Support</Link>
        </Button>
      </div>
    </>
  );
}
