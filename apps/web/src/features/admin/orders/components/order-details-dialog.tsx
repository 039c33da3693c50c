import type { TOrder, TUpdateOrderLine } from '@agency/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Dialog, useToast } from '@/components/ui';
import { useOrder } from '@/entities/orders/api/get-order';
import { PaymentStatusBadge } from '@/entities/orders/components/delivery';
import { errorMessage, formatDay, formatUsdCents } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { useInvalidateOrders, useUpdateOrderLine } from '../api/orders.queries';
import { isPaid, orderNumber } from '../order-summary';
import { OrderIntakeSection } from './order-intake';
import { OrderLineEditor } from './order-line-editor';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-3 py-1.5">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

/** An order's details and its lines' delivery; staff set a line's status and figures here. */
export function OrderDetailsDialog({ order: initial, onClose }: { order: TOrder; onClose: () => void }) {
  const q = useOrder(initial.id);
  const order = q.data?.status === 200 ? q.data.body : initial;
  const update = useUpdateOrderLine();
  const invalidate = useInvalidateOrders();
  const toast = useToast();
  const { canWrite } = useStaffRole();

  const save = (lineId: number, changes: TUpdateOrderLine) => {
    update.mutate(
      { params: { id: lineId }, body: changes },
      {
        onSuccess: (res) => {
          if (res.status === 200) {
            toast.success('Delivery updated');
            void invalidate();
          }
        },
        onError: (err) => toast.error(errorMessage(err, 'Could not update the line')),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Order ${orderNumber(order)}`} className="max-w-2xl">
      <dl className="divide-y divide-border">
        <Row label="Client">{order.client_name ?? '—'}</Row>
        <Row label="Payment">
          <span className="flex flex-wrap items-center gap-2">
            <PaymentStatusBadge status={order.status} />
            {order.payment_error && <span className="text-danger-700">{order.payment_error}</span>}
          </span>
        </Row>
        <Row label="Total">
          <span className="font-semibold tabular-nums">{formatUsdCents(order.total)}</span>
          {/* How the total is made, in the order the checkout adds it up: subtotal, less the discount, plus tax. */}
          <span className="mt-0.5 block text-xs text-fg-muted tabular-nums">
            Subtotal {formatUsdCents(order.subtotal)}
            {order.discount > 0 && ` − ${formatUsdCents(order.discount)} off${order.promo_code ? ` (${order.promo_code})` : ''}`}
            {` + ${formatUsdCents(order.tax)} tax`}
          </span>
        </Row>
        <Row label="Invoice">
          {order.invoice_number ? (
            <Link to={`/dashboard?q=${encodeURIComponent(order.invoice_number)}#invoices`} className="font-medium text-brand-700 underline">
              {order.invoice_number}
            </Link>
          ) : (
            <span className="text-fg-subtle">Not paid yet</span>
          )}
        </Row>
        <Row label="Created">{formatDay(order.created_at)}</Row>
        {order.paid_at && <Row label="Paid">{formatDay(order.paid_at)}</Row>}
      </dl>
      {order.intake && <OrderIntakeSection order={order} intake={order.intake} />}
      <div className="mt-4 space-y-3">
        {order.lines.map((line) => (
          <OrderLineEditor
            // A new answer from the server resets the inputs to what it says.
            key={`${line.id}-${line.status}-${line.start_count}-${line.delivered}`}
            line={line}
            editable={isPaid(order) && canWrite}
            saving={update.isPending && update.variables?.params.id === line.id}
            onSave={save}
          />
        ))}
      </div>
    </Dialog>
  );
}
