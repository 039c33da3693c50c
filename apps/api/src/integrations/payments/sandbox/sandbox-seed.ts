import type { Db } from '../../../db/types';
import type { ProviderSubscriptionStatus } from '../provider';
import { SandboxStore } from './sandbox-store';

export interface SandboxDemoAccount {
  clientId: number;
  name: string;
  email: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
  subscription: {
    priceLookupKey: string;
    amountCents: number;
    status: ProviderSubscriptionStatus;
    created: Date;
    periodStart: Date;
    periodEnd: Date;
  };
}

/**
 * Puts a demo client's customer, saved card and running subscription on the sandbox's side, with ids made
 * from the client id (the demo data is deterministic), and answers the ids for our own rows.
 */
export async function seedSandboxAccount(db: Db, account: SandboxDemoAccount): Promise<{ customerId: string; subscriptionId: string }> {
  const store = new SandboxStore(db);
  const customerId = `cus_sbx_demo${account.clientId}`;
  const cardId = `pm_sbx_demo${account.clientId}`;
  const subscriptionId = `sub_sbx_demo${account.clientId}`;
  await store.create('customer', { id: customerId, email: account.email, name: account.name, clientId: account.clientId, defaultPaymentMethod: cardId }, { customerId });
  await store.create('payment_method', { id: cardId, customerId, ...account.card, renewalOutcome: 'succeeded' }, { customerId });
  const sub = account.subscription;
  await store.create(
    'subscription',
    {
      id: subscriptionId,
      customerId,
      status: sub.status,
      priceLookupKey: sub.priceLookupKey,
      itemId: `si_sbx_demo${account.clientId}`,
      currentPeriodStart: sub.periodStart,
      currentPeriodEnd: sub.periodEnd,
      cancelAtPeriodEnd: false,
      collectionPaused: false,
      latestInvoiceId: null,
      created: sub.created,
      amount: sub.amountCents,
      pendingProration: 0,
      metadata: { client_id: String(account.clientId) },
    },
    { customerId },
  );
  return { customerId, subscriptionId };
}
