/**
 * The demo's storefront: the promo codes, and Emma's first order (the WELCOME20 code, paid, delivered), with the
 * intake form she sent the day she paid (the delivery started from it).
 */
import { sql } from 'drizzle-orm';
import { FIRST_ORDER_PROMO, PACKAGE_CATALOG, TAX_RATE, packageDeliveryDays, packageGuaranteeDays } from '@agency/contract';
import { toMoney, toNumeric } from '../../../core/money';
import * as s from '../../schema';
import type { LoginClient, SeedContext } from './context';
import { addDays } from './random';

/** WELCOME20 exists in every install (migration 0008): Emma's first order used it. Answers its id. */
async function seedPromoCodes({ db, now }: SeedContext): Promise<number> {
  // Raw: the orders module exports no createPromoCode or updatePromoCode yet.
  const [welcome] = await db
    .update(s.promoCodes)
    .set({ redemptions: 1, createdAt: addDays(now, -365) })
    .where(sql`${s.promoCodes.code} = ${FIRST_ORDER_PROMO.code}`)
    .returning({ id: s.promoCodes.id });
  await db.insert(s.promoCodes).values([
    { code: 'SPRING15', percentOff: 15, maxRedemptions: 100, redemptions: 12, expiresAt: addDays(now, 60), createdAt: addDays(now, -30) },
    { code: 'LOYAL10', amountOff: '10.00', createdAt: addDays(now, -90) },
    { code: 'SUMMER25', percentOff: 25, active: false, expiresAt: addDays(now, -120), createdAt: addDays(now, -200) },
  ]);
  return welcome!.id;
}

export async function seedOrders(ctx: SeedContext, emma: LoginClient): Promise<void> {
  const { db } = ctx;
  const welcomeId = await seedPromoCodes(ctx);
  const pkg = PACKAGE_CATALOG.find((p) => p.id === 'ig-growth') ?? PACKAGE_CATALOG[0]!;
  const subtotal = pkg.price;
  const discount = Math.round(subtotal * FIRST_ORDER_PROMO.percentOff) / 100;
  const tax = toMoney((subtotal - discount) * TAX_RATE);
  const total = subtotal - discount + tax;
  const orderAt = addDays(emma.createdAt, -3);
  const handle = `@${emma.company.toLowerCase().replace(/[^a-z0-9]+/g, '')}`;
  // Raw: the orders module exports no createOrder or payOrder (and payOrder issues the order's invoice, which the demo
  // never had); the intake module no requestIntake or submitIntakeForm.
  const [order] = await db
    .insert(s.orders)
    .values({
      userId: emma.userId,
      clientId: emma.id,
      status: 'succeeded',
      subtotal: toNumeric(subtotal),
      discount: toNumeric(discount),
      tax: toNumeric(tax),
      total: toNumeric(total),
      promoCodeId: welcomeId,
      createdAt: orderAt,
      updatedAt: orderAt,
      paidAt: orderAt,
    })
    .returning({ id: s.orders.id });
  const orderId = order!.id;
  await db.insert(s.orderLines).values({
    orderId,
    packageId: pkg.id,
    serviceId: pkg.serviceId,
    name: pkg.name,
    quantity: 1,
    unitPrice: toNumeric(pkg.price),
    lineTotal: toNumeric(pkg.price),
    target: handle,
    status: 'completed',
    orderedAmount: pkg.quantity,
    startCount: 12_480,
    delivered: pkg.quantity,
    deliveryDays: packageDeliveryDays(pkg),
    guaranteeDays: packageGuaranteeDays(pkg),
    expectedDeliveryAt: addDays(orderAt, packageDeliveryDays(pkg)),
    completedAt: addDays(orderAt, packageDeliveryDays(pkg) - 1),
  });
  await db.insert(s.payments).values({
    clientId: emma.id,
    orderId,
    provider: 'sandbox',
    providerPaymentIntentId: `sandbox_pi_order_${orderId}_${orderAt.getTime().toString(36)}`,
    amount: toNumeric(total),
    status: 'succeeded',
    createdAt: orderAt,
    updatedAt: orderAt,
  });
  await db.insert(s.intakeForms).values({
    clientId: emma.id,
    orderId,
    status: 'submitted',
    handle,
    goals: 'Reach more local customers for wedding and event flowers; grow Instagram before the spring season.',
    audience: 'Couples planning weddings and event planners within 30 miles, mostly 25-40.',
    competitors: ['@petalandstem', '@wildbloomstudio'],
    submittedBy: emma.userId,
    submittedAt: addDays(orderAt, 0.1),
    createdAt: orderAt,
    updatedAt: addDays(orderAt, 0.1),
  });
}
