import { ORDER_ITEM_STATUSES, ORDER_ITEM_STATUS_LABELS, type TOrderItemStatus } from '@agency/contract';
import { useId, useState } from 'react';
import { BulkActionBar, Button, NativeSelect } from '@/components/ui';

/** While orders are selected: set the delivery status of all their lines. */
export function BulkDeliveryBar({ count, busy, onApply, onClear }: { count: number; busy: boolean; onApply: (status: TOrderItemStatus) => void; onClear: () => void }) {
  const id = useId();
  const [status, setStatus] = useState<TOrderItemStatus>('in_progress');
  return (
    <BulkActionBar count={count}>
      <label htmlFor={id} className="sr-only">
        Delivery status for the selected orders
      </label>
      <div className="w-44">
        <NativeSelect id={id} value={status} onChange={(e) => setStatus(e.target.value as TOrderItemStatus)} className="h-9">
          {ORDER_ITEM_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_ITEM_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button size="sm" onClick={() => onApply(status)} loading={busy}>
        Set status
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </BulkActionBar>
  );
}
