import {
  cartTotals,
  PACKAGE_SERVICE_PLATFORMS,
  packageDeliveryDays,
  packageGuaranteeDays,
  type TBulkUpdateOrderLines,
  type TCreateOrder,
  type TIntakeStatus,
  type TOrder,
  type TOrderItemStatus,
  type TOrderLine,
  type TOrderListQuery,
  type TPaginationQuery,
  type TUpdateOrderLine,
} from '@agency/contract';
import { ALL_CLIENTS, clientScope, type Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { toMoney, toNumeric } from '../../core/money';
import { likePattern, pageOf, pageWindow, type Page } from '../../core/paging';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import { changedFields, recordAudit } from '../audit';
import { loadCatalogue } from '../catalogue';
import { issuePaidOrderInvoice } from '../invoices';
import { guaranteeUntil, handleOf, isDone, isOverdue, measuredProgress, refillAvailable, remains } from './delivery';
import * as q from './orders.queries';
import { discountRule, usablePromo } from './promo-codes.service';

const DAY_MS = 86_400_000;
const notFound = () => new AppError('not_found', 'Order not found.');
const lineNotFound = () => new AppError('not_found', 'Order line not found.');

// ---- Reading ---------------------------------------------------------------------------------------

function toLineDto(row: q.OrderLineRow, now: Date): TOrderLine {
  const facts = {
    status: row.status as TOrderItemStatus,
    orderedAmount: row.orderedAmount,
    delivered: row.delivered,
    startCount: row.startCount,
    lastCount: row.lastCount,
    measured: row.socialAccountId !== null,
    guaranteeDays: row.guaranteeDays,
    expectedDeliveryAt: row.expectedDeliveryAt,
    completedAt: row.completedAt,
  };
  return {
    id: row.id,
    package_id: row.packageId,
    name: row.name,
    service_id: row.serviceId as TOrderLine['service_id'],
    quantity: row.quantity,
    unit_price: toMoney(row.unitPrice),
    line_total: toMoney(row.lineTotal),
    target: row.target,
    status: facts.status,
    ordered_amount: row.orderedAmount,
    start_count: row.startCount,
    delivered: row.delivered,
    remains: remains(facts),
    measured: facts.measured,
    expected_delivery_at: row.expectedDeliveryAt?.toISOString() ?? null,
    overdue: isOverdue(facts, now),
    completed_at: row.completedAt?.toISOString() ?? null,
    guarantee_until: guaranteeUntil(facts)?.toISOString() ?? null,
    refill_available: refillAvailable(facts, now),
    refill_requested_at: row.refillRequestedAt?.toISOString() ?? null,
  };
}

function toOrderDto(row: q.OrderListRow, lines: q.OrderLineRow[], now: Date): TOrder {
  const o = row.order;
  return {
    id: o.id,
    status: o.status as TOrder['status'],
    lines: lines.map((l) => toLineDto(l, now)),
    subtotal: toMoney(o.subtotal),
    discount: toMoney(o.discount),
    tax: toMoney(o.tax),
    total: toMoney(o.total),
    promo_code: row.promoCode,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    client: o.clientId,
    client_name: row.clientName,
    invoice: o.invoiceId,
    invoice_number: row.invoiceNumber,
    payment_error: o.status === 'failed' ? row.paymentError : null,
    intake: row.intakeId !== null ? { id: row.intakeId, status: row.intakeStatus as TIntakeStatus } : null,
  };
}

async function withLines(deps: AppDeps, rows: q.OrderListRow[]): Promise<TOrder[]> {
  const lines = await q.linesOf(deps.db, rows.map((r) => r.order.id));
  const now = deps.now();
  return rows.map((r) => toOrderDto(r, lines.filter((l) => l.orderId === r.order.id), now));
}

export async function getOrder(deps: AppDeps, actor: Actor, id: number): Promise<TOrder> {
  const row = await q.findOrder(deps.db, clientScope(actor), id);
  if (!row) throw notFound();
  return (await withLines(deps, [row]))[0]!;
}

export async function listOrders(
  deps: AppDeps,
  actor: Actor,
  query: TPaginationQuery & Omit<TOrderListQuery, 'page' | 'page_size'> & { ordering: string },
): Promise<Page<TOrder>> {
  const { limit, offset } = pageWindow(query);
  const search = query.search?.replace(/^#/, '');
  const params: q.OrderListParams = {
    clientScope: clientScope(actor),
    status: query.status,
    client: query.client,
    delivery: query.delivery,
    overdue: query.overdue === 'true' ? true : undefined,
    intake: query.intake,
    pattern: search ? likePattern(search) : undefined,
    orderId: search && /^\d{1,9}$/.test(search) ? Number(search) : undefined,
    now: deps.now(),
    ordering: query.ordering,
    limit,
    offset,
  };
  const [total, rows] = await Promise.all([q.countOrders(deps.db, params), q.listOrders(deps.db, params)]);
  return pageOf(total, await withLines(deps, rows));
}

// ---- Placing and paying --------------------------------------------------------------------------

/** How the audit log names an order, in its client's log. */
const orderObject = (orderId: number, clientId: number | null) => ({ type: 'order', id: orderId, label: `Order #${orderId}`, clientId });

/** A line's delivery fields the audit log shows as before → after. */
const auditedLine = (line: { status: string; delivered: number; startCount: number | null }) => ({
  status: line.status,
  delivered: line.delivered,
  start_count: line.startCount,
});

/** A client's cart becomes a pending order; every price is the catalogue's, the discount and tax the server's. */
export async function createOrder(deps: AppDeps, actor: Actor, input: TCreateOrder): Promise<TOrder> {
  if (actor.kind !== 'user' || actor.role !== 'client' || actor.clientId === null) {
    throw new AppError('permission_denied', 'Only client accounts can place orders.');
  }
  const clientId = actor.clientId;
  const { packages } = await loadCatalogue(deps);
  const priced = input.lines.map((line) => {
    const pkg = packages.find((p) => p.id === line.package_id);
    if (!pkg) throw new AppError('validation_error', 'Unknown package', { package_id: ['Unknown package'] });
    return { pkg, quantity: Number(line.quantity), target: line.target.trim(), price: pkg.price };
  });
  const promo = input.promo_code ? await usablePromo(deps, input.promo_code, clientId) : undefined;
  const totals = cartTotals(priced, promo ? discountRule(promo) : null);
  const now = deps.now();
  const id = await transact(deps, async (tx) => {
    const order = await q.insertOrder(tx.db, {
      userId: actor.id,
      clientId,
      status: 'pending',
      subtotal: toNumeric(totals.subtotal),
      discount: toNumeric(totals.discount),
      tax: toNumeric(totals.tax),
      total: toNumeric(totals.total),
      promoCodeId: promo?.id ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await q.insertLines(
      tx.db,
      priced.map(({ pkg, quantity, target }) => ({
        orderId: order.id,
        packageId: pkg.id,
        serviceId: pkg.serviceId,
        name: pkg.name,
        quantity,
        unitPrice: toNumeric(pkg.price),
        lineTotal: toNumeric(pkg.price * quantity),
        target,
        orderedAmount: pkg.quantity * quantity,
        deliveryDays: packageDeliveryDays(pkg),
        guaranteeDays: packageGuaranteeDays(pkg),
        updatedAt: now,
      })),
    );
    await recordAudit(tx, actor, {
      action: 'order.created',
      object: orderObject(order.id, clientId),
      changes: { lines: priced.map((l) => `${l.quantity} × ${l.pkg.name}`), total: totals.total, ...(promo ? { promo_code: promo.code } : {}) },
    });
    return order.id;
  });
  return getOrder(deps, actor, id);
}

/** The payment may start for a pending order, or again after a failed attempt (Try Again). */
export async function readyForPayment(deps: AppDeps, orderId: number): Promise<void> {
  await q.setOrderStatus(deps.db, orderId, ['failed'], 'pending', deps.now());
}

/** The provider refused the order's payment (payment.failed): the confirmation page says so; the client may try again. */
export async function orderPaymentFailed(deps: AppDeps, orderId: number): Promise<void> {
  await q.setOrderStatus(deps.db, orderId, ['pending'], 'failed', deps.now());
}

/**
 * The order's payment succeeded (payment.succeeded, in its dispatch transaction): the order is paid once, its
 * promo code used, a paid invoice issued, and `order.paid` tells the staff, sends the receipt and asks the client
 * for the intake form. The lines wait for that form (startDelivery).
 */
export async function payOrder(
  deps: AppDeps,
  orderId: number,
  payment: { card: string | null; paymentIntentId: string | null },
): Promise<void> {
  const now = deps.now();
  const order = await q.markOrderPaid(deps.db, orderId, now);
  if (!order || order.clientId === null) return; // Paid already (a redelivered event), or the client is gone.
  if (order.promoCodeId !== null) await q.redeemPromo(deps.db, order.promoCodeId); // Charged already: honoured even past the limit.
  const lines = await q.linesOf(deps.db, [order.id]);
  const description = `Order #${order.id}: ${lines.map((l) => `${l.name} × ${l.quantity} (${l.target})`).join(', ')}`;
  const invoiceId = await issuePaidOrderInvoice(deps, { clientId: order.clientId, amount: order.total, description, paidAt: now, ...payment });
  await q.setOrderInvoice(deps.db, order.id, invoiceId);

  const row = (await q.findOrder(deps.db, ALL_CLIENTS, order.id))!;
  await emit(deps, 'order.paid', {
    orderId: order.id,
    clientId: order.clientId,
    clientName: row.clientName ?? '',
    total: toMoney(order.total),
    invoiceNumber: row.invoiceNumber ?? '',
    subtotal: toMoney(order.subtotal),
    discount: toMoney(order.discount),
    tax: toMoney(order.tax),
    lines: lines.map((l) => ({
      name: l.name,
      platform: PACKAGE_SERVICE_PLATFORMS[l.serviceId as keyof typeof PACKAGE_SERVICE_PLATFORMS],
      quantity: l.quantity,
      target: l.target,
      lineTotal: toMoney(l.lineTotal),
    })),
  });
}

// ---- Delivery ------------------------------------------------------------------------------------

/**
 * The work on a paid order starts (its intake form was sent or skipped): each line still pending is due
 * `deliveryDays` from now and is measured from the client's connected account when the target is one. In the
 * caller's transaction; lines already started are left as they are.
 */
export async function startDelivery(deps: AppDeps, orderId: number): Promise<void> {
  const now = deps.now();
  const order = await q.findOrder(deps.db, ALL_CLIENTS, orderId);
  if (!order || order.order.status !== 'succeeded' || order.order.clientId === null) return;
  const lines = (await q.linesOf(deps.db, [orderId])).filter((l) => l.status === 'pending');
  if (lines.length === 0) return;
  const accounts = await q.connectedAccounts(deps.db, order.order.clientId);
  for (const line of lines) {
    const platform = PACKAGE_SERVICE_PLATFORMS[line.serviceId as keyof typeof PACKAGE_SERVICE_PLATFORMS];
    const account = accounts.find((a) => a.platform === platform && handleOf(a.username) === handleOf(line.target));
    const measured = account && account.followers !== null ? account : undefined;
    await q.updateLine(deps.db, line.id, {
      status: 'in_progress',
      expectedDeliveryAt: new Date(now.getTime() + line.deliveryDays * DAY_MS),
      socialAccountId: measured?.id ?? null,
      startCount: measured?.followers ?? null,
      lastCount: measured?.followers ?? null,
      updatedAt: now,
    });
  }
  await emit(deps, 'order.delivery_changed', { orderId, clientId: order.order.clientId, completed: [] });
}

/**
 * The line's changes for a new status: completion starts the guarantee (once) and, on a line staff measure by
 * hand, counts the whole order as delivered (a measured line's figures stay the account's).
 */
function statusChange(
  line: Pick<q.OrderLineRow, 'completedAt' | 'socialAccountId' | 'orderedAmount'>,
  status: TOrderItemStatus,
  now: Date,
): Partial<q.OrderLineRow> {
  return {
    status,
    ...(status === 'completed' && !line.completedAt ? { completedAt: now } : {}),
    ...(status === 'completed' && line.socialAccountId === null ? { delivered: line.orderedAmount } : {}),
    updatedAt: now,
  };
}

/** Staff move a paid line's delivery; on a measured line the figures are the account's and cannot be typed. */
export async function updateOrderLine(
  deps: AppDeps,
  actor: Actor,
  lineId: number,
  input: TUpdateOrderLine,
): Promise<TOrder> {
  const now = deps.now();
  const orderId = await transact(deps, async (tx) => {
    const line = await q.findLine(tx.db, lineId, true);
    const order = line && (await q.findOrder(tx.db, clientScope(actor), line.orderId));
    if (!order || !line) throw lineNotFound();
    const orderId = order.order.id;
    if (order.order.status !== 'succeeded') throw new AppError('conflict', 'Only paid orders are delivered.');
    const measured = line.socialAccountId !== null;
    if (measured && (input.start_count !== undefined || input.delivered !== undefined)) {
      const text = 'These figures are measured from the connected account.';
      throw new AppError('bad_request', text, { delivered: [text] });
    }
    if (input.status === 'pending') throw new AppError('bad_request', 'A paid line cannot go back to pending.', { status: ['A paid line cannot go back to pending.'] });
    const delivered = input.delivered === undefined ? line.delivered : Number(input.delivered);
    if (delivered > line.orderedAmount) {
      const text = `At most ${line.orderedAmount.toLocaleString('en-US')} were ordered.`;
      throw new AppError('bad_request', text, { delivered: [text] });
    }
    // Figures without a status move it as a measured count would.
    const status =
      input.status ??
      (input.delivered !== undefined && !isDone(line.status as TOrderItemStatus)
        ? delivered >= line.orderedAmount
          ? 'completed'
          : delivered > 0
            ? 'partial'
            : 'in_progress'
        : (line.status as TOrderItemStatus));
    const startCount = input.start_count === undefined ? line.startCount : input.start_count === null ? null : Number(input.start_count);
    await q.updateLine(tx.db, line.id, {
      delivered,
      ...statusChange(line, status, now),
      ...(input.start_count !== undefined ? { startCount } : {}),
    });
    await recordAudit(tx, actor, {
      action: 'order.line_updated',
      object: orderObject(orderId, order.order.clientId),
      changes: { line: line.name, ...changedFields(auditedLine(line), { status, delivered, start_count: startCount }, ['status', 'delivered', 'start_count']) },
    });
    await emit(tx, 'order.delivery_changed', {
      orderId,
      clientId: order.order.clientId ?? 0,
      completed: status === 'completed' && line.status !== 'completed' ? [line.name] : [],
    });
    return orderId;
  });
  return getOrder(deps, actor, orderId);
}

/** One status for many paid lines, all or none (a line that is not part of a paid order refuses the whole). */
export async function bulkUpdateOrderLines(deps: AppDeps, actor: Actor, input: TBulkUpdateOrderLines): Promise<{ updated: number }> {
  const ids = [...new Set(input.line_ids.map(Number))];
  const now = deps.now();
  if (input.status === 'pending') throw new AppError('bad_request', 'A paid line cannot go back to pending.', { status: ['A paid line cannot go back to pending.'] });
  return transact(deps, async (tx) => {
    const lines = await q.findPaidLines(tx.db, clientScope(actor), ids);
    if (lines.length !== ids.length) {
      const missing = ids.filter((id) => !lines.some((l) => l.id === id));
      throw new AppError('bad_request', `Lines ${missing.join(', ')} are not part of a paid order; nothing was changed.`, {
        line_ids: ['Some lines are not part of a paid order.'],
      });
    }
    for (const line of lines) await q.updateLine(tx.db, line.id, statusChange(line, input.status, now));
    await recordAudit(
      tx,
      actor,
      ...lines
        .filter((line) => line.status !== input.status)
        .map((line) => ({
          action: 'order.line_updated',
          object: orderObject(line.orderId, line.clientId),
          changes: { line: line.name, status: [line.status, input.status] },
        })),
    );
    const orders = new Map<number, { clientId: number | null; completed: string[] }>();
    for (const line of lines) {
      const entry = orders.get(line.orderId) ?? { clientId: line.clientId, completed: [] };
      if (input.status === 'completed' && line.status !== 'completed') entry.completed.push(line.name);
      orders.set(line.orderId, entry);
    }
    for (const [orderId, { clientId, completed }] of orders) {
      if (clientId !== null) await emit(tx, 'order.delivery_changed', { orderId, clientId, completed });
    }
    return { updated: lines.length };
  });
}

/** The client's Request Refill: only while the guarantee runs and the measured count has dropped. */
export async function requestRefill(deps: AppDeps, actor: Actor, lineId: number): Promise<TOrder> {
  const now = deps.now();
  const orderId = await transact(deps, async (tx) => {
    const line = await q.findLine(tx.db, lineId, true);
    const order = line && (await q.findOrder(tx.db, clientScope(actor), line.orderId));
    if (!order || !line) throw lineNotFound();
    const orderId = order.order.id;
    const dto = toLineDto(line, now);
    if (line.status === 'refill_requested') throw new AppError('conflict', 'A refill has already been requested for this line.');
    if (!dto.refill_available) {
      const until = guaranteeUntil({ completedAt: line.completedAt, guaranteeDays: line.guaranteeDays });
      throw new AppError(
        'bad_request',
        !isDone(line.status as TOrderItemStatus)
          ? 'A refill can be requested once the delivery is complete.'
          : until && until < now
            ? 'The refill guarantee of this line has ended.'
            : 'Your follower count has not dropped below what was delivered, so no refill is needed.',
      );
    }
    await q.updateLine(tx.db, line.id, { status: 'refill_requested', refillRequestedAt: now, updatedAt: now });
    await recordAudit(tx, actor, { action: 'order.refill_requested', object: orderObject(orderId, order.order.clientId), changes: { line: line.name, status: [line.status, 'refill_requested'] } });
    await emit(tx, 'order.refill_requested', {
      orderId,
      clientId: order.order.clientId ?? 0,
      clientName: order.clientName ?? '',
      lineName: line.name,
      target: line.target,
    });
    return orderId;
  });
  return getOrder(deps, actor, orderId);
}

/** A sync or a reconnect brought new follower counts: measured lines follow them. */
export async function remeasureDeliveries(outer: AppDeps, accountIds: number[]): Promise<void> {
  return transact(outer, (deps) => remeasure(deps, accountIds));
}

async function remeasure(deps: AppDeps, accountIds: number[]): Promise<void> {
  const lines = await q.linesMeasuredBy(deps.db, accountIds);
  if (lines.length === 0) return;
  const counts = await q.latestFollowers(deps.db, accountIds);
  const now = deps.now();
  const changed = new Map<number, { completed: string[] }>();
  for (const line of lines) {
    const count = counts.get(line.socialAccountId!);
    if (count === undefined || count === line.lastCount) continue;
    const progress = measuredProgress({ status: line.status as TOrderItemStatus, orderedAmount: line.orderedAmount, startCount: line.startCount }, count);
    await q.updateLine(deps.db, line.id, {
      lastCount: count,
      ...(progress ? { delivered: progress.delivered, ...statusChange(line, progress.status, now) } : { updatedAt: now }),
    });
    const entry = changed.get(line.orderId) ?? { completed: [] };
    if (progress?.status === 'completed') entry.completed.push(line.name);
    changed.set(line.orderId, entry);
  }
  for (const [orderId, { completed }] of changed) {
    const order = await q.findOrder(deps.db, ALL_CLIENTS, orderId);
    if (order?.order.clientId) await emit(deps, 'order.delivery_changed', { orderId, clientId: order.order.clientId, completed });
  }
}
