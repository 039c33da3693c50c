import { ORDER_ITEM_STATUSES, ORDER_ITEM_STATUS_LABELS, type TOrderItemStatus, type TOrderLine, type TUpdateOrderLine } from '@agency/contract';
import { Gauge } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button, Field, Input, NativeSelect } from '@/components/ui';
import { DeliveryProgress, DeliveryStatusBadge, ExpectedDate, formatCount } from '@/entities/orders/components/delivery';
import { formatDay, formatUsdCents } from '@/lib/format';

export interface OrderLineEditorProps {
  line: TOrderLine;
  /** Delivery can only be changed on a paid order. */
  editable: boolean;
  saving: boolean;
  onSave: (lineId: number, changes: TUpdateOrderLine) => void;
}

/** The changes the form holds against the line ({} when nothing changed); figures are left out when measured. */
export function lineChanges(line: TOrderLine, form: { status: TOrderItemStatus; startCount: string; delivered: string }): TUpdateOrderLine {
  const out: TUpdateOrderLine = {};
  if (form.status !== line.status) out.status = form.status;
  if (!line.measured) {
    const start = form.startCount.trim() === '' ? null : Number(form.startCount);
    if (start !== line.start_count) out.start_count = start;
    if (form.delivered.trim() !== '' && Number(form.delivered) !== line.delivered) out.delivered = Number(form.delivered);
  }
  return out;
}

/** One order line: its progress and figures, and (for staff) the status, start count and delivered inputs. */
export function OrderLineEditor({ line, editable, saving, onSave }: OrderLineEditorProps) {
  const id = useId();
  const [status, setStatus] = useState<TOrderItemStatus>(line.status);
  const [startCount, setStartCount] = useState(line.start_count === null ? '' : String(line.start_count));
  const [delivered, setDelivered] = useState(String(line.delivered));
  const changes = lineChanges(line, { status, startCount, delivered });
  const dirty = Object.keys(changes).length > 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (dirty) onSave(line.id, changes);
  };

  return (
    <section aria-labelledby={`${id}-title`} data-testid="order-line" className="space-y-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="font-semibold text-fg">
            {line.name}
            {line.quantity > 1 && <span className="font-normal text-fg-muted"> × {line.quantity}</span>}
          </h3>
          <p className="text-sm break-all text-fg-muted">{line.target}</p>
        </div>
        <DeliveryStatusBadge status={line.status} />
      </div>

      <DeliveryProgress line={line} label={`Delivery of ${line.name} to ${line.target}`} />

      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-fg-muted">Start count</dt>
          <dd className="text-fg tabular-nums">{line.start_count === null ? '—' : formatCount(line.start_count)}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">Remains</dt>
          <dd className="text-fg tabular-nums">{formatCount(line.remains)}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">Expected</dt>
          <dd>
            <ExpectedDate at={line.expected_delivery_at} overdue={line.overdue} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">Line total</dt>
          <dd className="text-fg tabular-nums">{formatUsdCents(line.line_total)}</dd>
        </div>
        {line.guarantee_until && (
          <div>
            <dt className="text-xs text-fg-muted">Guarantee until</dt>
            <dd className="text-fg">{formatDay(line.guarantee_until)}</dd>
          </div>
        )}
        {line.refill_requested_at && (
          <div>
            <dt className="text-xs text-fg-muted">Refill requested</dt>
            <dd className="text-fg">{formatDay(line.refill_requested_at)}</dd>
          </div>
        )}
      </dl>

      {line.measured && (
        <p className="flex items-center gap-2 rounded-md bg-info-50 px-3 py-2 text-sm text-info-700">
          <Gauge aria-hidden className="h-4 w-4 shrink-0" />
          Measured from the connected account
        </p>
      )}

      {editable && (
        <form onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end">
          <Field label="Status">
            <NativeSelect value={status} onChange={(e) => setStatus(e.target.value as TOrderItemStatus)}>
              {ORDER_ITEM_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ORDER_ITEM_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Start count">
            <Input type="number" inputMode="numeric" min={0} step={1} value={startCount} disabled={line.measured} onChange={(e) => setStartCount(e.target.value)} />
          </Field>
          <Field label="Delivered">
            <Input type="number" inputMode="numeric" min={0} step={1} value={delivered} disabled={line.measured} onChange={(e) => setDelivered(e.target.value)} />
          </Field>
          <Button type="submit" disabled={!dirty} loading={saving}>
            Save
          </Button>
        </form>
      )}
    </section>
  );
}
