import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  common,
  createStandInState,
  invalid,
  newId,
  now,
  PERIOD,
  previewInvoice,
  render,
  secretFor,
  StripeErrorResponse,
  type List,
  type SetupIntentObject,
  type StandInState,
  type StoredObject,
  type SubscriptionObject,
} from './stripe-stand-in-state';

export type { StandInFailure, StandInState } from './stripe-stand-in-state';

/**
 * A local stand-in for the few Stripe API endpoints our Stripe provider calls (and nothing else: any other URL
 * is Stripe's "Unrecognized request URL" 404). It speaks Stripe's wire format: form-encoded requests with
 * bracket notation, JSON objects with `object: '…'`, lists as `{ object: 'list', data, has_more, url }`, errors
 * as `{ error: { type, code, decline_code, message, param } }` with Stripe's status codes, `expand[]`, and
 * idempotency keys (the same key replays the first answer). What it keeps, and the moves a test can make
 * (add a card, pay or decline an invoice, renew a period), are in stripe-stand-in-state.ts.
 *
 *   const standIn = await startStripeStandIn();
 *   const provider = createStripeProvider({ secretKey: 'sk_test_x', publishableKey: null, webhookSecret, ...standIn.connection });
 *   standIn.requests            // every request: method, path, query, body (parsed), rawBody, headers
 *   standIn.state.addCard(…)    // set up what a test needs; state.failNext(…) makes the next call fail
 *   signedWebhook(stripeEvent('invoice.paid', standIn.state.get(invoiceId)), webhookSecret)
 *
 * The three plans' prices (BILLING_PLANS[].stripePrice lookup keys, their monthly price) exist from the start.
 */

// ---------------------------------------------------------------------------------------------------------
// Requests

/** A form-encoded value: `a[b][0]=x` parses to `{ a: { b: ['x'] } }` (`expand[]=x` too, as `expand: ['x']`). */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormObject = { [key: string]: FormValue };

export interface RecordedRequest {
  method: string;
  /** Without the query string, e.g. /v1/subscriptions */
  path: string;
  query: FormObject;
  body: FormObject;
  /** The body as sent, e.g. `payment_behavior=default_incomplete&expand[0]=…` */
  rawBody: string;
  /** Lower-case names: authorization, idempotency-key, stripe-version, … */
  headers: IncomingHttpHeaders;
}

const isIndex = (segment: string) => segment === '' || /^\d+$/.test(segment);

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const segments = key.replace(/]/g, '').split('['); // 'a[b][0]' → ['a', 'b', '0'];  'a[]' → ['a', '']
    let node: FormObject | FormValue[] = root;
    segments.forEach((segment, i) => {
      const holder = node as Record<string | number, FormValue | undefined>;
      const slot = Array.isArray(node) ? (segment === '' ? node.length : Number(segment)) : segment;
      if (i === segments.length - 1) {
        holder[slot] = value;
        return;
      }
      holder[slot] ??= isIndex(segments[i + 1] ?? '') ? [] : {};
      node = holder[slot] as FormObject | FormValue[];
    });
  }
  return root;
}

const text = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const record = (value: FormValue | undefined): FormObject => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
const list = (value: FormValue | undefined): FormValue[] => (Array.isArray(value) ? value : []);
const strings = (value: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(record(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

// ---------------------------------------------------------------------------------------------------------
// Endpoints

type Handler = (request: { params: string[]; body: FormObject; query: FormObject }) => { object: unknown };

function endpoints(state: StandInState): [method: string, path: RegExp, handler: Handler][] {
  const { find, store } = state;
  const listOf = <T>(data: T[], url: string): List<T> => ({ object: 'list', data, has_more: false, url });
  const all = <T extends StoredObject['object']>(kind: T) =>
    [...state.objects.values()].filter((object): object is Extract<StoredObject, { object: T }> => object.object === kind).reverse();

  return [
    [
      'GET',
      /^\/v1\/prices$/,
      ({ query }) => {
        const lookupKeys = list(query.lookup_keys);
        const active = text(query.active);
        const prices = all('price').filter(
          (price) =>
            (!lookupKeys.length || lookupKeys.includes(price.lookup_key ?? '')) &&
            (active === undefined || String(price.active) === active),
        );
        return { object: listOf(prices, '/v1/prices') };
      },
    ],
    [
      'POST',
      /^\/v1\/customers$/,
      ({ body }) => ({ object: state.addCustomer({ email: text(body.email), name: text(body.name), metadata: strings(body.metadata) }) }),
    ],
    ['GET', /^\/v1\/customers\/([^/]+)$/, ({ params: [id = ''] }) => ({ object: find('customer', id) })],
    [
      'POST',
      /^\/v1\/customers\/([^/]+)$/,
      ({ params: [id = ''], body }) => {
        const customer = find('customer', id);
        const defaultPaymentMethod = text(record(body.invoice_settings).default_payment_method);
        if (defaultPaymentMethod !== undefined) {
          const paymentMethod = state.objects.get(defaultPaymentMethod);
          if (paymentMethod?.object !== 'payment_method' || paymentMethod.customer !== id) {
            throw invalid(
              `The customer does not have a payment method with the ID ${defaultPaymentMethod}. The payment method must be attached to the customer.`,
              'invoice_settings[default_payment_method]',
            );
          }
          customer.invoice_settings.default_payment_method = defaultPaymentMethod;
        }
        return { object: customer };
      },
    ],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      ({ params: [id = ''], query }) => {
        find('customer', id);
        const type = text(query.type);
        const cards = all('payment_method').filter(
          (paymentMethod) => paymentMethod.customer === id && (!type || paymentMethod.type === type),
        );
        return { object: listOf(cards, `/v1/customers/${id}/payment_methods`) };
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions$/,
      ({ body }) => {
        const customer = find('customer', text(body.customer) ?? '', 'customer');
        const priceId = text(record(list(body.items)[0]).price);
        if (!priceId) throw invalid('Missing required param: items.', 'items');
        const price = find('price', priceId, 'items[0][price]');
        // Without default_incomplete, Stripe charges the customer's default card at once: there must be one.
        const chargeAtOnce = text(body.payment_behavior) !== 'default_incomplete' && (price.unit_amount ?? 0) > 0;
        const defaultCard = customer.invoice_settings.default_payment_method;
        if (chargeAtOnce && !defaultCard) throw invalid('This customer has no attached payment source or default payment method.');
        const start = now();
        const subscriptionId = newId('sub');
        const subscription = store<SubscriptionObject>({
          id: subscriptionId,
          object: 'subscription',
          ...common(),
          metadata: strings(body.metadata),
          status: 'incomplete',
          cancel_at_period_end: false,
          pause_collection: null,
          canceled_at: null,
          ended_at: null,
          currency: 'usd',
          start_date: start,
          collection_method: 'charge_automatically',
          customer: customer.id,
          items: listOf(
            [
              {
                id: newId('si'),
                object: 'subscription_item',
                created: start,
                metadata: {},
                quantity: 1,
                subscription: subscriptionId,
                current_period_start: start,
                current_period_end: start + PERIOD,
                price: structuredClone(price),
              },
            ],
            `/v1/subscription_items?subscription=${subscriptionId}`,
          ),
          latest_invoice: null,
          default_payment_method: null,
          payment_settings: {
            save_default_payment_method: text(record(body.payment_settings).save_default_payment_method) ?? 'off',
            payment_method_options: null,
            payment_method_types: null,
          },
        });
        const invoice = state.createSubscriptionInvoice(subscription, 'subscription_create');
        if (invoice.status === 'paid') subscription.status = 'active';
        else if (chargeAtOnce && defaultCard) state.payInvoice(invoice.id, defaultCard);
        return { object: subscription };
      },
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, ({ params: [id = ''] }) => ({ object: find('subscription', id) })],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ({ params: [id = ''], body }) => {
        const subscription = find('subscription', id);
        list(body.items).forEach((entry, index) => {
          const change = record(entry);
          const item = subscription.items.data.find((candidate) => candidate.id === text(change.id));
          if (!item) throw invalid(`Invalid subscription item: ${text(change.id)}`, `items[${index}][id]`);
          const priceId = text(change.price);
          if (priceId) item.price = structuredClone(find('price', priceId, `items[${index}][price]`));
        });
        const cancelAtPeriodEnd = text(body.cancel_at_period_end);
        if (cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = cancelAtPeriodEnd === 'true';
        // pause_collection: '' clears it; { behavior } sets it (Stripe's update subscription, "pause_collection").
        if (body.pause_collection === '') subscription.pause_collection = null;
        else if (body.pause_collection !== undefined) {
          const behavior = text(record(body.pause_collection).behavior);
          if (behavior !== 'keep_as_draft' && behavior !== 'mark_uncollectible' && behavior !== 'void') {
            throw invalid(`Invalid pause_collection[behavior]: ${behavior ?? 'missing'}`, 'pause_collection[behavior]');
          }
          subscription.pause_collection = { behavior, resumes_at: null };
        }
        if (body.metadata) Object.assign(subscription.metadata, strings(body.metadata));
        return { object: subscription };
      },
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ({ params: [id = ''] }) => {
        const subscription = find('subscription', id);
        return { object: Object.assign(subscription, { status: 'canceled' as const, canceled_at: now(), ended_at: now() }) };
      },
    ],
    [
      'POST',
      /^\/v1\/invoices\/create_preview$/,
      ({ body }) => {
        const subscription = find('subscription', text(body.subscription) ?? '', 'subscription');
        const details = record(body.subscription_details);
        const change = record(list(details.items)[0]);
        const item = subscription.items.data.find((candidate) => candidate.id === text(change.id));
        if (!item) throw invalid(`Invalid subscription item: ${text(change.id)}`, 'subscription_details[items][0][id]');
        const newPrice = find('price', text(change.price) ?? '', 'subscription_details[items][0][price]');
        const prorationDate = Number(text(details.proration_date) ?? now());
        return {
          object: previewInvoice(subscription, item, newPrice, prorationDate, text(details.proration_behavior) ?? 'create_prorations'),
        };
      },
    ],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, ({ params: [id = ''] }) => ({ object: find('invoice', id) })],
    [
      'GET',
      /^\/v1\/invoice_payments$/,
      ({ query }) => {
        const invoice = text(query.invoice);
        const paymentFilter = query.payment;
        const intent = paymentFilter && typeof paymentFilter === 'object' && !Array.isArray(paymentFilter) ? text(paymentFilter.payment_intent) : undefined;
        const status = text(query.status);
        const payments = all('invoice_payment').filter(
          (payment) =>
            (!invoice || payment.invoice === invoice) &&
            (!intent || payment.payment.payment_intent === intent) &&
            (!status || payment.status === status),
        );
        return { object: listOf(payments.slice(0, Number(text(query.limit) ?? 10)), '/v1/invoice_payments') };
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents$/,
      ({ body }) => {
        const amount = Number(text(body.amount));
        if (!Number.isInteger(amount) || amount < 1) throw invalid('Missing required param: amount.', 'amount');
        const customer = text(body.customer);
        if (customer) find('customer', customer, 'customer');
        const paymentIntent = state.createPaymentIntent({
          amount,
          customer: customer ?? null,
          description: text(body.description) ?? null,
          metadata: strings(body.metadata),
        });
        paymentIntent.automatic_payment_methods =
          text(record(body.automatic_payment_methods).enabled) === 'true' ? { enabled: true } : null;
        return { object: paymentIntent };
      },
    ],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, ({ params: [id = ''] }) => ({ object: find('payment_intent', id) })],
    [
      'POST',
      /^\/v1\/setup_intents$/,
      ({ body }) => {
        const customer = text(body.customer);
        if (customer) find('customer', customer, 'customer');
        const id = newId('seti');
        return {
          object: store<SetupIntentObject>({
            id,
            object: 'setup_intent',
            ...common(),
            client_secret: secretFor(id),
            description: null,
            status: 'requires_payment_method',
            usage: text(body.usage) ?? 'off_session',
            customer: customer ?? null,
            payment_method: null,
            last_setup_error: null,
            automatic_payment_methods: text(record(body.automatic_payment_methods).enabled) === 'true' ? { enabled: true } : null,
          }),
        };
      },
    ],
    ['GET', /^\/v1\/setup_intents\/([^/]+)$/, ({ params: [id = ''] }) => ({ object: find('setup_intent', id) })],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, ({ params: [id = ''] }) => ({ object: find('payment_method', id) })],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      ({ params: [id = ''] }) => {
        const paymentMethod = find('payment_method', id);
        if (!paymentMethod.customer)
          throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
        const customer = find('customer', paymentMethod.customer);
        if (customer.invoice_settings.default_payment_method === id) customer.invoice_settings.default_payment_method = null;
        paymentMethod.customer = null;
        return { object: paymentMethod };
      },
    ],
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Server

export interface StripeStandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Spread into createStripeProvider's options to talk to this stand-in. */
  connection: { host: string; port: number; protocol: 'http' };
  requests: RecordedRequest[];
  state: StandInState;
  close: () => Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const state = createStandInState();
  const routes = endpoints(state);
  const requests: RecordedRequest[] = [];
  /** Idempotency key → the first request's body and answer (Stripe keeps them 24 hours). */
  const idempotent = new Map<string, { rawBody: string; path: string; status: number; payload: unknown }>();

  async function handle(req: IncomingMessage): Promise<{ status: number; payload: unknown; replayed?: boolean }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      query: parseForm(url.search.slice(1)),
      body: parseForm(rawBody),
      rawBody,
      headers: req.headers,
    };
    requests.push(recorded);

    if (!req.headers.authorization?.startsWith('Bearer ')) {
      throw new StripeErrorResponse(401, { type: 'invalid_request_error', message: 'You did not provide an API key.' });
    }
    const failure = state.takeFailure(method, url.pathname);
    if (failure) {
      const { status, type, message, code, declineCode, param, paymentIntent } = failure;
      throw new StripeErrorResponse(status, { type, message, code, decline_code: declineCode, param, ...(paymentIntent ? { payment_intent: paymentIntent } : {}) });
    }

    const key = method === 'POST' ? text(req.headers['idempotency-key']) : undefined;
    const earlier = key ? idempotent.get(key) : undefined;
    if (earlier) {
      if (earlier.rawBody !== rawBody || earlier.path !== url.pathname) {
        throw new StripeErrorResponse(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return { status: earlier.status, payload: earlier.payload, replayed: true };
    }

    const route = routes.find(([routeMethod, pattern]) => routeMethod === method && pattern.test(url.pathname));
    if (!route) {
      throw new StripeErrorResponse(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${url.pathname}).`,
      });
    }
    const [, pattern, handler] = route;
    const params = (pattern.exec(url.pathname) ?? []).slice(1).map(decodeURIComponent);
    const expand = list(recorded.query.expand ?? recorded.body.expand).filter((path): path is string => typeof path === 'string');
    const result = handler({ params, body: recorded.body, query: recorded.query });
    const answer = { status: 200, payload: render(result.object, expand, state.objects) };
    if (key) idempotent.set(key, { rawBody, path: url.pathname, ...answer });
    return answer;
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    handle(req)
      .catch((error: unknown) => {
        if (error instanceof StripeErrorResponse) return { status: error.status, payload: { error: error.error } };
        return { status: 500, payload: { error: { type: 'api_error', message: `Stand-in failure: ${String(error)}` } } };
      })
      .then(({ status, payload, replayed }: { status: number; payload: unknown; replayed?: boolean }) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          ...(replayed && { 'idempotent-replayed': 'true' }),
        });
        res.end(JSON.stringify(payload));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connection: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    state,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Webhooks

/** An event envelope as Stripe sends it to a webhook endpoint. */
export function stripeEvent(type: string, object: unknown, options: { id?: string; created?: number } = {}) {
  return {
    id: options.id ?? newId('evt'),
    object: 'event' as const,
    api_version: Stripe.API_VERSION,
    created: options.created ?? now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The raw body and Stripe-Signature header Stripe would send for this payload, signed with the endpoint's secret. */
export function signedWebhook(payload: unknown, secret: string): { rawBody: Buffer; signature: string } {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return { rawBody: Buffer.from(body), signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}
