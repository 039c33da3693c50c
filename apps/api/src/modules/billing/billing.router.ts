import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { handleWebhook } from './billing-events.service';
import * as service from './billing.service';
import { payInvoiceWithSavedCard } from './saved-card-payment.service';

const s = initServer();

/** Client billing, and the payment provider's webhook. */
export function billingRoutes(deps: AppDeps) {
  return s.router(contract.billing, {
    getBillingConfig: async () => ({ status: 200, body: service.getBillingConfig(deps) }),
    listBillingPlans: async () => ({ status: 200, body: await service.listBillingPlans(deps) }),
    getSubscription: async ({ req }) => ({ status: 200, body: await service.getSubscription(deps, actorOf(req)) }),
    createSubscription: async ({ req, body }) => ({ status: 201, body: await service.createSubscription(deps, actorOf(req), body) }),
    cancelSubscription: async ({ req, body }) => ({ status: 200, body: await service.cancelSubscription(deps, actorOf(req), body) }),
    pauseSubscription: async ({ req }) => ({ status: 200, body: await service.pauseSubscription(deps, actorOf(req)) }),
    resumeSubscription: async ({ req }) => ({ status: 200, body: await service.resumeSubscription(deps, actorOf(req)) }),
    previewPlanChange: async ({ req, body }) => ({ status: 200, body: await service.previewPlanChange(deps, actorOf(req), body) }),
    changePlan: async ({ req, body }) => ({ status: 200, body: await service.changePlan(deps, actorOf(req), body) }),
    createPaymentIntent: async ({ req, body }) => ({
      status: 200,
      body: body.invoice_id
        ? await service.startInvoicePayment(deps, actorOf(req), body.invoice_id)
        : await service.startOrderPayment(deps, actorOf(req), body.order_id!),
    }),
    listPaymentMethods: async ({ req }) => ({ status: 200, body: await service.listPaymentMethods(deps, actorOf(req)) }),
    createSetupIntent: async ({ req }) => ({ status: 200, body: await service.createSetupIntent(deps, actorOf(req)) }),
    confirmSetup: async ({ req, body }) => ({ status: 200, body: await service.confirmSetup(deps, actorOf(req), body) }),
    setDefaultPaymentMethod: async ({ req, params }) => ({
      status: 200,
      body: await service.setDefaultPaymentMethod(deps, actorOf(req), params.id),
    }),
    deletePaymentMethod: async ({ req, params }) => {
      await service.deletePaymentMethod(deps, actorOf(req), params.id);
      return { status: 204, body: undefined };
    },
    confirmPayment: async ({ req, body }) => ({ status: 200, body: await service.confirmPayment(deps, actorOf(req), body) }),
    handleBillingWebhook: async ({ req }) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : JSON.stringify(req.body ?? {}));
      await handleWebhook(deps, raw, req.header('stripe-signature'));
      return { status: 200, body: { received: true as const } };
    },
  });
}

/** Pay Now on an invoice (contract.invoices.payInvoice): a payment intent at the provider for exactly its amount. */
export function payInvoiceRoute(deps: AppDeps) {
  return s.route(contract.invoices.payInvoice, async ({ params, req }) => ({
    status: 200,
    body: await service.startInvoicePayment(deps, actorOf(req), params.id),
  }));
}

/** Pay Now with a saved card (contract.invoices.payInvoiceWithCard): charged in one step, once per attempt. */
export function payInvoiceWithCardRoute(deps: AppDeps) {
  return s.route(contract.invoices.payInvoiceWithCard, async ({ params, body, req }) => ({
    status: 200,
    body: await payInvoiceWithSavedCard(deps, actorOf(req), params.id, body ?? {}),
  }));
}
