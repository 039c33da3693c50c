import type { TOrderItemStatus } from '@agency/contract';

/*
 * Delivery rules of one paid order line, stated once for the service, the listeners and the tests.
 * delivered counts what reached the account (measured: latest followers − start count; else what staff entered);
 * a line is due `deliveryDays` after payment and guaranteed `guaranteeDays` after completion.
 */

const DAY_MS = 86_400_000;

export interface DeliveryFacts {
  status: TOrderItemStatus;
  orderedAmount: number;
  delivered: number;
  startCount: number | null;
  lastCount: number | null;
  measured: boolean;
  guaranteeDays: number;
  expectedDeliveryAt: Date | null;
  completedAt: Date | null;
}

/** Delivered in full (a refill may follow); neither overdue nor moved by measured counts. */
export const DONE_STATUSES: readonly TOrderItemStatus[] = ['completed', 'refill_requested', 'refilled'];

export const isDone = (status: TOrderItemStatus) => DONE_STATUSES.includes(status);

/** Still to deliver (never negative). */
export const remains = (f: Pick<DeliveryFacts, 'orderedAmount' | 'delivered'>) => Math.max(0, f.orderedAmount - f.delivered);

/** Due and not delivered yet. */
export function isOverdue(f: Pick<DeliveryFacts, 'status' | 'expectedDeliveryAt'>, now: Date): boolean {
  return f.status !== 'pending' && !isDone(f.status) && f.expectedDeliveryAt !== null && f.expectedDeliveryAt < now;
}

export function guaranteeUntil(f: Pick<DeliveryFacts, 'completedAt' | 'guaranteeDays'>): Date | null {
  return f.completedAt ? new Date(f.completedAt.getTime() + f.guaranteeDays * DAY_MS) : null;
}

/**
 * A refill can be asked for while the guarantee runs, once the delivery is complete (or refilled), and only when
 * the measured count fell below what was delivered (start + ordered): the drop is the evidence.
 */
export function refillAvailable(f: DeliveryFacts, now: Date): boolean {
  if (f.status !== 'completed' && f.status !== 'refilled') return false;
  const until = guaranteeUntil(f);
  if (!until || until < now) return false;
  if (!f.measured || f.startCount === null || f.lastCount === null) return false;
  return f.lastCount < f.startCount + f.orderedAmount;
}

/**
 * A measured count moves an active delivery: nothing yet → in progress, some → partial, all → completed.
 * Lines already done (or waiting on a refill) keep their status; only their last count changes.
 */
export function measuredProgress(
  f: Pick<DeliveryFacts, 'status' | 'orderedAmount' | 'startCount'>,
  count: number,
): { delivered: number; status: TOrderItemStatus } | null {
  if (f.startCount === null || f.status === 'pending' || isDone(f.status)) return null;
  const delivered = Math.min(f.orderedAmount, Math.max(0, count - f.startCount));
  const status: TOrderItemStatus = delivered >= f.orderedAmount ? 'completed' : delivered > 0 ? 'partial' : 'in_progress';
  return { delivered, status };
}

/** Normalizes a handle or profile link to compare it with a connected account's username ('@Brand', 'instagram.com/brand/' → 'brand'). */
export function handleOf(target: string): string {
  const trimmed = target.trim().toLowerCase();
  const path = trimmed.replace(/^https?:\/\//, '').replace(/^(www\.|m\.)/, '');
  const slash = path.indexOf('/');
  const handle = slash >= 0 && path.slice(0, slash).includes('.') ? path.slice(slash + 1) : path;
  return handle.replace(/^@/, '').replace(/^(channel\/|c\/|user\/)/, '').split(/[/?#]/)[0]!.replace(/^@/, '');
}
