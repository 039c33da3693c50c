import { CONTENT_PLATFORM_LABELS, contract, IDEMPOTENCY_KEY_HEADER, PACKAGE_SERVICE_PLATFORMS, socialHandle, type TCreateOrder, type TOrder, type TPackageServiceId } from '@agency/contract';
import { ArrowLeft, Lock, ShieldAlert, ShoppingCart } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, EmptyState, Field, FormError, Input, Spinner } from '@/components/ui';
import { OrderSummaryRows } from '@/entities/cart/components/order-summary';
import { useSocialAccounts } from '@/entities/social-accounts/api/list-social-accounts';
import { useAuth } from '@/lib/auth';
import { clearCartPromo, totalsWithPromo, useCartPromo } from '@/lib/cart-promo';
import { useCart, type TCartItem } from '@/lib/cart-store';
import { useClientPermission } from '@/lib/client-permission';
import { errorMessage, formatUsdCents } from '@/lib/format';
import { tsr } from '@/lib/tsr';
import { useDocumentTitle } from '@/lib/use-document-title';
import { OrderPayment } from './components/order-payment';
import { PlanCheckout } from './components/plan-checkout';

export const CHECKOUT_SIGN_IN_PATH = '/auth?redirect=/checkout';
const TARGET_REQUIRED = 'Enter the account to grow';

function platformOf(serviceId: string) {
  return PACKAGE_SERVICE_PLATFORMS[serviceId as TPackageServiceId] ?? null;
}

function platformLabelOf(serviceId: string): string {
  const platform = platformOf(serviceId);
  return platform ? CONTENT_PLATFORM_LABELS[platform] : '';
}

/**
 * Where a guest is sent to buy the plan they picked: sign-up first (an existing user switches to sign in there),
 * then back to this checkout with the plan still chosen. Only the path and query travel, never anything secret.
 */
export function planSignUpPath(checkoutPath: string): string {
  return `/auth?mode=signup&redirect=${encodeURIComponent(checkoutPath)}`;
}

/**
 * /checkout: signed-in clients give the account to grow per line, place the order, then pay it by card.
 * /checkout?plan=<id>&billing=monthly|annual: buy that plan (Get Started on /pricing and the service pages).
 */
export default function CheckoutPage() {
  const { isAuthenticated, isInitializing, isAdmin } = useAuth();
  const { canCall } = useClientPermission();
  const [params] = useSearchParams();
  const location = useLocation();
  const planId = params.get('plan');
  useDocumentTitle('Checkout');
  if (isInitializing) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" />
      </div>
    );
  }
  // Signed out: sign in (or sign up) and come back here; the cart stays in this browser.
  if (!isAuthenticated) {
    return <Navigate to={planId ? planSignUpPath(`${location.pathname}${location.search}`) : CHECKOUT_SIGN_IN_PATH} replace />;
  }
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-semibold text-fg">Checkout</h1>
      <p className="mt-1 text-fg-muted">Complete your purchase</p>
      {isAdmin ? (
        <CannotBuy
          title={planId ? 'Only client accounts can buy plans' : 'Only client accounts can buy packages'}
          description="You are signed in as an agency admin. Sign in with a client account to place an order."
        />
      ) : !canCall(planId ? contract.billing.createSubscription : contract.orders.createOrder) ? (
        <CannotBuy
          title="Buying is for people with access to billing"
          description="Your access to this portal does not include billing. Ask the account’s owner if you need it."
        />
      ) : planId ? (
        <PlanCheckout planId={planId} />
      ) : (
        <ClientCheckout />
      )}
    </section>
  );
}

/** Why this account cannot place an order, with the way back to the cart. */
function CannotBuy({ title, description }: { title: string; description: string }) {
  return (
    <Card className="mt-8">
      <EmptyState
        headingLevel={2}
        icon={<ShieldAlert aria-hidden className="h-6 w-6" />}
        title={title}
        description={description}
        action={
          <Button asChild variant="secondary">
            <Link to="/cart">Back to cart</Link>
          </Button>
        }
      />
    </Card>
  );
}

function ClientCheckout() {
  const items = useCart();
  const navigate = useNavigate();
  const [order, setOrder] = useState<TOrder | null>(null);

  if (order) {
    return (
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card className="p-5 sm:p-6 lg:col-span-2">
          <h2 className="text-lg font-semibold text-fg">Pay by card</h2>
          <p className="mt-1 mb-5 text-sm text-fg-muted">
            Order #{order.id} is placed. It starts as soon as the payment succeeds.
          </p>
          <OrderPayment order={order} onPaid={() => navigate(`/order-confirmation?order=${order.id}`)} />
        </Card>
        <Card className="h-fit space-y-4 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-fg">Order #{order.id}</h2>
          <ul className="space-y-2 text-sm">
            {order.lines.map((line) => (
              <li key={line.id} className="flex justify-between gap-3">
                <span className="min-w-0">
                  <span className="font-medium text-fg">
                    {platformLabelOf(line.service_id)} {line.name} × {line.quantity}
                  </span>
                  <span className="block truncate text-fg-muted">{line.target}</span>
                </span>
                <span className="text-fg tabular-nums">{formatUsdCents(line.line_total)}</span>
              </li>
            ))}
          </ul>
          <OrderSummaryRows totals={order} promoCode={order.promo_code} />
        </Card>
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <Card className="mt-8">
        <EmptyState
          headingLevel={2}
          icon={<ShoppingCart aria-hidden className="h-6 w-6" />}
          title="Your cart is empty"
          description="Add a package to your cart before checking out."
          action={
            <Button asChild>
              <Link to="/cart">Go to cart</Link>
            </Button>
          }
        />
      </Card>
    );
  }
  return <OrderForm items={items} onPlaced={setOrder} />;
}

/** Server field errors of the order ('lines.0.target') by line index. */
function lineErrors(err: unknown): Record<number, string> {
  const errors = (err as { body?: { errors?: unknown } } | null)?.body?.errors;
  const out: Record<number, string> = {};
  if (!errors || typeof errors !== 'object') return out;
  for (const [key, messages] of Object.entries(errors as Record<string, unknown>)) {
    const m = key.match(/^lines\.(\d+)\.target$/);
    if (m && Array.isArray(messages) && typeof messages[0] === 'string') out[Number(m[1])] = messages[0];
  }
  return out;
}

function OrderForm({ items, onPlaced }: { items: readonly TCartItem[]; onPlaced: (order: TOrder) => void }) {
  const promo = useCartPromo();
  const accounts = useSocialAccounts();
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = tsr.orders.createOrder.useMutation();
  // One Idempotency-Key per order as sent: a retry of the same order (a lost answer, a second click) cannot
  // place it twice; a changed order gets a new key.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const totals = totalsWithPromo(items, promo);

  const connected = accounts.data?.status === 200 ? accounts.data.body.accounts.filter((a) => a.is_active) : [];
  const suggested = (item: TCartItem): string => {
    const account = connected.find((a) => a.platform === platformOf(item.serviceId));
    if (!account) return '';
    return socialHandle(account.username);
  };
  const targetOf = (item: TCartItem) => targets[item.id] ?? suggested(item);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    for (const item of items) {
      const t = targetOf(item).trim();
      if (!t) found[item.id] = TARGET_REQUIRED;
      else if (t.length > 200) found[item.id] = 'Use at most 200 characters';
    }
    setErrors(found);
    setFormError(null);
    const firstInvalid = items.find((i) => found[i.id]);
    if (firstInvalid) {
      document.getElementById(`target-${firstInvalid.id}`)?.focus();
      return;
    }
    const body: TCreateOrder = {
      lines: items.map((i) => ({ package_id: i.packageId, quantity: i.quantity, target: targetOf(i).trim() })),
      ...(promo ? { promo_code: promo.code } : {}),
    };
    const sent = JSON.stringify(body);
    if (attempt.current?.body !== sent) attempt.current = { body: sent, key: crypto.randomUUID() };
    create.mutate(
      { body, extraHeaders: { [IDEMPOTENCY_KEY_HEADER]: attempt.current.key } },
      {
        onSuccess: (res) => {
          if (res.status === 201) onPlaced(res.body);
        },
        onError: (err) => {
          const byIndex = lineErrors(err);
          const mapped: Record<string, string> = {};
          items.forEach((item, index) => {
            if (byIndex[index]) mapped[item.id] = byIndex[index];
          });
          setErrors(mapped);
          const status = (err as { status?: unknown } | null)?.status;
          setFormError(
            typeof status === 'number' && status >= 500
              ? 'Your order could not be placed. Please try again.'
              : errorMessage(err, 'Your order could not be placed. Please try again.'),
          );
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-8 grid gap-6 lg:grid-cols-3">
      <Card className="p-5 sm:p-6 lg:col-span-2">
        <h2 className="text-lg font-semibold text-fg">Accounts to grow</h2>
        <p className="mt-1 text-sm text-fg-muted">For each package, the handle or profile link of the account it is for.</p>
        <ul className="mt-4 divide-y divide-border">
          {items.map((item) => {
            const platformLabel = platformLabelOf(item.serviceId) || item.platform;
            return (
              <li key={item.id} className="space-y-3 py-4" data-testid="checkout-line">
                <div className="flex justify-between gap-3">
                  <p className="min-w-0">
                    <span className="font-medium text-fg">
                      {platformLabel} {item.name}
                    </span>
                    <span className="block text-sm text-fg-muted">
                      Quantity {item.quantity} · {formatUsdCents(item.price)} each
                    </span>
                  </p>
                  <p className="font-semibold text-fg tabular-nums">{formatUsdCents(item.price * item.quantity)}</p>
                </div>
                <Field
                  id={`target-${item.id}`}
                  label={`${platformLabel} account for ${item.name}`}
                  hint={suggested(item) && !targets[item.id] ? 'From your connected account' : 'e.g. @yourbrand or a profile link'}
                  error={errors[item.id]}
                >
                  <Input
                    value={targetOf(item)}
                    maxLength={200}
                    autoComplete="off"
                    placeholder="@yourbrand"
                    onChange={(e) => {
                      const v = e.target.value;
                      setTargets((t) => ({ ...t, [item.id]: v }));
                      if (errors[item.id]) setErrors(({ [item.id]: _, ...rest }) => rest);
                    }}
                  />
                </Field>
              </li>
            );
          })}
        </ul>
        <Button asChild variant="ghost" className="mt-2">
          <Link to="/cart">
            <ArrowLeft aria-hidden className="h-4 w-4" />
            Back to cart
          </Link>
        </Button>
      </Card>
      <Card className="h-fit space-y-4 p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-fg">Order Summary</h2>
        <OrderSummaryRows totals={totals} promoCode={promo?.code} />
        {promo && (
          <p className="text-sm text-fg-muted">
            Code {promo.code} ·{' '}
            <button type="button" className="font-medium text-brand-700 underline-offset-2 hover:underline" onClick={clearCartPromo}>
              Remove code
            </button>
          </p>
        )}
        <FormError message={formError} />
        <Button type="submit" size="lg" className="w-full" loading={create.isPending}>
          <Lock aria-hidden className="h-4 w-4" />
          Place order
        </Button>
        <p className="text-xs text-fg-muted">The total is confirmed by our server when you place the order; you pay on the next step.</p>
      </Card>
    </form>
  );
}
