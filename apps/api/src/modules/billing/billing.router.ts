import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { notImplemented } from '../../http/not-implemented';
import * as service from './billing.service';

const s = initServer();

/** Client billing. The subscription, payment and webhook routes answer 501 until their flows land (issue 9). */
export function billingRoutes(deps: AppDeps) {
  return s.router(contract.billing, {
    getBillingConfig: async () => ({ status: 200, body: service.getBillingConfig(deps) }),
    listBillingPlans: async () => ({ status: 200, body: service.listBillingPlans() }),
    getSubscription: notImplemented,
    createSubscription: notImplemented,
    cancelSubscription: notImplemented,
    changePlan: notImplemented,
    createPaymentIntent: notImplemented,
    listPaymentMethods: notImplemented,
    createSetupIntent: notImplemented,
    deletePaymentMethod: notImplemented,
    confirmPayment: notImplemented,
    handleBillingWebhook: notImplemented,
  });
}
