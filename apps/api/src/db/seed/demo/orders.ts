/**
 * The demo's storefront: the promo codes (orders' createPromoCode and updatePromoCode, by the demo admin), and
 * Emma's first order (the WELCOME20 code, paid, delivered: createOrder by her, payOrder as its payment's listener
 * does, startDelivery when her intake form came in, updateOrderLine by her account manager), with the intake form
 * she sent the day she paid (the delivery started from it).
 */
import { sql } from 'drizzle-orm';
import {
  cardLabel,
  FIRST_ORDER_PROMO,
  PACKAGE_CATALOG,
  packageDeliveryDays,
  ZCreateOrderSchema,
  ZPromoCodeFormSchema,
  ZUpdateOrderLineSchema,
  ZUpdatePromoCodeSchema,
  type TPromoCodeForm,
} from '@agency/contract';
import { createOrder, createPromoCode, payOrder, startDelivery, updateOrderLine, updatePromoCode } from '../../../modules/orders';
import * as s from '../../schema';
import { cardOf } from './billing';
import type { LoginClient, SeedContext, Staff } from './context';
import { addDays } from './random';
import { depsAt } from './seed-deps';
import { clientActor, staffActor } from './actors';

/** WELCOME20 exists in every install (migration 0008): Emma's first order used it. The others the admin made. */
async function seedPromoCodes({ deps, db, now }: SeedContext, staff: Staff): Promise<void> {
  const admin = staffActor(staff, staff.admin);
  // Raw: WELCOME20 is made by migration 0008 and dated by the column's default then; no service dates a code anew.
  await db
    .update(s.promoCodes)
    .set({ createdAt: addDays(now, -365) })
    .where(sql`${s.promoCodes.code} = ${FIRST_ORDER_PROMO.code}`);
  const create = (daysAgo: number, form: TPromoCodeForm) =>
    createPromoCode(depsAt(deps, addDays(now, -daysAgo)), admin, ZPromoCodeFormSchema.parse(form) as TPromoCodeForm & { code: string });
  const spring = await create(30, { code: 'SPRING15', percent_off: 15, max_redemptions: 100, expires_at: addDays(now, 60).toISOString() });
  // Raw: a code's redemptions are counted by payOrder, one per paid order; the demo's twelve uses of SPRING15 have
  // no orders behind them.
  await db.update(s.promoCodes).set({ redemptions: 12 }).where(sql`${s.promoCodes.id} = ${spring.id}`);
  await create(90, { code: 'LOYAL10', amount_off: 10 });
  const summer = await create(200, { code: 'SUMMER25', percent_off: 25, expires_at: addDays(now, -120).toISOString() });
  // Switched off the day it expired.
  await updatePromoCode(depsAt(deps, addDays(now, -120)), admin, summer.id, ZUpdatePromoCodeSchema.parse({ active: false }));
}

export async function seedOrders(ctx: SeedContext, staff: Staff, emma: LoginClient): Promise<void> {
  const { deps, db } = ctx;
  await seedPromoCodes(ctx, staff);
  const pkg = PACKAGE_CATALOG.find((p) => p.id === 'ig-growth') ?? PACKAGE_CATALOG[0]!;
  const orderAt = addDays(emma.createdAt, -3);
  const submittedAt = addDays(orderAt, 0.1);
  const handle = `@${emma.company.toLowerCase().replace(/[^a-z0-9]+/g, '')}`;
  const order = await createOrder(
    depsAt(deps, orderAt),
    clientActor(emma),
    ZCreateOrderSchema.parse({ lines: [{ package_id: pkg.id, quantity: 1, target: handle }], promo_code: FIRST_ORDER_PROMO.code }),
  );
  // Raw: a payment is made by the payment provider's round trip (checkout, then its webhook); the seed has no provider.
  // Emma is the first client login: her saved card (demo/billing.ts) paid.
  const payment = { card: cardLabel(cardOf(0)), paymentIntentId: `sandbox_pi_order_${order.id}_${orderAt.getTime().toString(36)}` };
  await db.insert(s.payments).values({
    clientId: emma.id,
    orderId: order.id,
    provider: 'sandbox',
    providerPaymentIntentId: payment.paymentIntentId,
    amount: order.total.toFixed(2),
    status: 'succeeded',
    paymentCard: payment.card,
    createdAt: orderAt,
    updatedAt: orderAt,
  });
  // What the payment's listener does when it succeeds: the order is paid, WELCOME20 used, a paid invoice issued.
  await payOrder(depsAt(deps, orderAt), order.id, payment);
  // Raw: the intake module exports no requestIntake or submitIntakeForm yet.
  await db.insert(s.intakeForms).values({
    clientId: emma.id,
    orderId: order.id,
    status: 'submitted',
    handle,
    goals: 'Reach more local customers for wedding and event flowers; grow Instagram before the spring season.',
    audience: 'Couples planning weddings and event planners within 30 miles, mostly 25-40.',
    competitors: ['@petalandstem', '@wildbloomstudio'],
    submittedBy: emma.userId,
    submittedAt,
    createdAt: orderAt,
    updatedAt: submittedAt,
  });
  // What submitIntakeForm does with the form: the delivery starts.
  await startDelivery(depsAt(deps, submittedAt), order.id);
  const line = order.lines[0]!;
  await updateOrderLine(
    depsAt(deps, addDays(orderAt, packageDeliveryDays(pkg) - 1)),
    staffActor(staff, emma.manager),
    line.id,
    ZUpdateOrderLineSchema.parse({ status: 'completed', start_count: 12_480 }),
  );
}
