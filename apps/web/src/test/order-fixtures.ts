import { ZOrderLineSchema, ZOrderSchema, type TOrder, type TOrderLine } from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';

let seed = 500;

/** An order line being delivered; override what the test looks at. */
export function orderLine(overrides: Partial<TOrderLine> = {}): TOrderLine {
  return {
    ...generateMock(ZOrderLineSchema, { seed: seed++ }),
    id: seed,
    package_id: 'ig-starter',
    name: '1,000 Instagram Followers',
    service_id: 'ig-followers',
    quantity: 1,
    unit_price: 19.99,
    line_total: 19.99,
    target: '@brand',
    status: 'in_progress',
    ordered_amount: 1000,
    start_count: 5000,
    delivered: 400,
    remains: 600,
    measured: false,
    expected_delivery_at: '2026-03-10T12:00:00Z',
    overdue: false,
    completed_at: null,
    guarantee_until: null,
    refill_available: false,
    refill_requested_at: null,
    ...overrides,
  };
}

/** A paid order with one line. */
export function order(overrides: Partial<TOrder> = {}): TOrder {
  return {
    ...generateMock(ZOrderSchema, { seed: seed++ }),
    id: seed,
    status: 'succeeded',
    lines: [orderLine()],
    subtotal: 19.99,
    discount: 0,
    tax: 2,
    total: 21.99,
    promo_code: null,
    created_at: '2026-03-01T09:00:00Z',
    paid_at: '2026-03-01T09:05:00Z',
    client: 7,
    client_name: 'Cora Client',
    invoice: 3,
    invoice_number: 'INV-0003',
    payment_error: null,
    intake: null,
    ...overrides,
  };
}

export function page<T>(results: T[]) {
  return { count: results.length, next: null, previous: null, results };
}
