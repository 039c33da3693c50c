import type { TOrder, TOrderLine } from '@agency/contract';
import { ClipboardList, RotateCcw, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, ConfirmDialog, EmptyState, ErrorState, Pagination, Skeleton, SkeletonGroup, useToast } from '@/components/ui';
import { IntakeStatusBadge } from '@/entities/intake/components/intake-bits';
import { IntakeFormDialog, type TIntakeTarget } from '@/entities/intake/components/intake-form-dialog';
import { DeliveryProgress, DeliveryStatusBadge, ExpectedDate, PaymentStatusBadge } from '@/entities/orders/components/delivery';
import { errorMessage, formatDay, formatUsdCents } from '@/lib/format';
import { CLIENT_ORDERS_PAGE_SIZE, useClientOrders, useRequestRefill } from '../api/billing.queries';

type TRefillTarget = { order: TOrder; line: TOrderLine };

/** A paid order whose delivery waits for the client's intake form. */
const waitsForIntake = (order: TOrder) => order.status === 'succeeded' && order.intake?.status === 'waiting';

function LineDelivery({ order, line, onRefill }: { order: TOrder; line: TOrderLine; onRefill: (t: TRefillTarget) => void }) {
  const paid = order.status === 'succeeded';
  const waiting = waitsForIntake(order) && line.status === 'pending';
  return (
    <li data-testid="client-order-line" className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-fg">
            {line.name}
            {line.quantity > 1 && <span className="font-normal text-fg-muted"> × {line.quantity}</span>}
          </p>
          <p className="text-sm break-all text-fg-muted">{line.target}</p>
        </div>
        {paid && <DeliveryStatusBadge status={line.status} />}
      </div>
      {paid && (
        <>
          <DeliveryProgress line={line} label={`Delivery of ${line.name} to ${line.target}`} />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p className="text-fg-muted">
              {line.completed_at ? (
                <>Completed {formatDay(line.completed_at)}</>
              ) : waiting ? (
                <>Delivery starts once you send the intake form.</>
              ) : (
                <>
                  Expected <ExpectedDate at={line.expected_delivery_at} overdue={line.overdue} />
                </>
              )}
              {line.guarantee_until && <span className="block text-xs">Refill guarantee until {formatDay(line.guarantee_until)}</span>}
            </p>
            {line.status === 'refill_requested' ? (
              <p className="text-sm font-medium text-warning-700">Refill requested</p>
            ) : line.refill_available ? (
              <Button size="sm" variant="secondary" onClick={() => onRefill({ order, line })}>
                <RotateCcw aria-hidden className="h-4 w-4" />
                Request Refill<span className="sr-only"> for {line.name} to {line.target}</span>
              </Button>
            ) : null}
          </div>
        </>
      )}
    </li>
  );
}

interface OrderCardProps {
  order: TOrder;
  onRefill: (t: TRefillTarget) => void;
  onFillIntake: (form: TIntakeTarget) => void;
}

function OrderCard({ order, onRefill, onFillIntake }: OrderCardProps) {
  const intake = waitsForIntake(order) ? order.intake : null;
  return (
    <Card data-testid="client-order" className="p-4">
      <div className="flex flex-wrap items-start justify-between gap-2 border-b border-border pb-3">
        <div>
          <h3 className="font-semibold text-fg">Order #{order.id}</h3>
          <p className="text-xs text-fg-muted">
            Placed {formatDay(order.created_at)}
            {order.invoice_number && <> · Invoice {order.invoice_number}</>}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-fg tabular-nums">{formatUsdCents(order.total)}</span>
          <PaymentStatusBadge status={order.status} />
          {intake && <IntakeStatusBadge status={intake.status} />}
        </div>
      </div>
      {order.payment_error && <p className="mt-2 text-sm text-danger-700">{order.payment_error}</p>}
      {intake && (
        <div className="mt-3 flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 sm:flex-row sm:items-center">
          <ClipboardList aria-hidden className="hidden h-5 w-5 shrink-0 text-brand-700 sm:block" />
          <p className="min-w-0 flex-1 text-sm text-fg">
            Tell us which account to grow, your goals and your audience: the team starts as soon as you send the form.
          </p>
          <Button size="sm" className="self-start sm:self-auto" onClick={() => onFillIntake({ id: intake.id, subject: `Order #${order.id}`, order: order.id })}>
            Fill in the form<span className="sr-only"> for Order #{order.id}</span>
          </Button>
        </div>
      )}
      <ul className="divide-y divide-border">
        {order.lines.map((line) => (
          <LineDelivery key={line.id} order={order} line={line} onRefill={onRefill} />
        ))}
      </ul>
    </Card>
  );
}

/** The client's package orders with each line's delivery, and refill requests while the guarantee runs. */
export function OrdersTab() {
  const [page, setPage] = useState(1);
  const orders = useClientOrders(page);
  const refill = useRequestRefill();
  const toast = useToast();
  const [confirming, setConfirming] = useState<TRefillTarget | null>(null);
  const [intakeForm, setIntakeForm] = useState<TIntakeTarget | null>(null);

  const requestRefill = () => {
    if (!confirming) return;
    const { line } = confirming;
    refill.mutate(
      { params: { id: line.id } },
      {
        onSuccess: () => {
          toast.success('Refill requested. We will top up your account shortly.');
          setConfirming(null);
        },
        onError: (err) => {
          toast.error(errorMessage(err, 'Could not request the refill'));
          setConfirming(null);
        },
      },
    );
  };

  if (orders.isPending) {
    return (
      <SkeletonGroup label="Loading orders" className="space-y-3">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-40 rounded-xl" />
        ))}
      </SkeletonGroup>
    );
  }
  if (orders.isError) {
    return (
      <Card>
        <ErrorState title="Could not load your orders" message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
      </Card>
    );
  }
  const data = orders.data.body;
  if (data.results.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<ShoppingBag aria-hidden className="h-6 w-6" />}
          title="No orders yet"
          description="Growth packages you buy show here with their delivery progress."
          action={
            <Button asChild>
              <Link to="/services/instagram">Browse packages</Link>
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      {data.results.map((order) => (
        <OrderCard key={order.id} order={order} onRefill={setConfirming} onFillIntake={setIntakeForm} />
      ))}
      {data.count > CLIENT_ORDERS_PAGE_SIZE && (
        <Pagination page={page} count={data.count} pageSize={CLIENT_ORDERS_PAGE_SIZE} onPageChange={setPage} />
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title="Request a refill?"
        message={confirming ? `We will top up ${confirming.line.target} back to the ${confirming.line.name} you ordered.` : ''}
        confirmLabel="Request Refill"
        destructive={false}
        loading={refill.isPending}
        onConfirm={requestRefill}
      />
      <IntakeFormDialog form={intakeForm} onClose={() => setIntakeForm(null)} />
    </div>
  );
}
