import type { TOrder, TOrderItemStatus } from '@agency/contract';

const DONE: readonly TOrderItemStatus[] = ['completed', 'refilled'];

/** '#42' */
export function orderNumber(order: Pick<TOrder, 'id'>): string {
  return `#${order.id}`;
}

/** '1,000 Instagram Followers × 2 → @brand', then '+2 more' for the other lines. */
export function linesSummary(order: Pick<TOrder, 'lines'>): { first: string; more: number } {
  const [line] = order.lines;
  if (!line) return { first: 'No lines', more: 0 };
  const qty = line.quantity > 1 ? ` × ${line.quantity}` : '';
  return { first: `${line.name}${qty} → ${line.target}`, more: order.lines.length - 1 };
}

/** The delivery statuses of an order's lines, each once, in line order. */
export function deliveryStatuses(order: Pick<TOrder, 'lines'>): TOrderItemStatus[] {
  return [...new Set(order.lines.map((l) => l.status))];
}

/** The next due date among lines still being delivered, and whether any line is overdue. */
export function expectedDelivery(order: Pick<TOrder, 'lines'>): { at: string | null; overdue: boolean } {
  const open = order.lines.filter((l) => !DONE.includes(l.status) && l.expected_delivery_at);
  const overdueLine = order.lines.find((l) => l.overdue);
  const dates = open.map((l) => l.expected_delivery_at as string).sort();
  return { at: overdueLine?.expected_delivery_at ?? dates[0] ?? null, overdue: Boolean(overdueLine) };
}

/** Paid orders' lines can be delivered (and bulk-updated). */
export function isPaid(order: Pick<TOrder, 'status'>): boolean {
  return order.status === 'succeeded';
}
