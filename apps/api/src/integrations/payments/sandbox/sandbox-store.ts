import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { sandboxPaymentObjects } from '../../../db/schema';
import type { Db } from '../../../db/types';
import type {
  ProviderCard,
  ProviderInvoice,
  ProviderPaymentIntent,
  ProviderSetupIntent,
  ProviderSubscription,
} from '../provider';

/**
 * What the sandbox keeps on "its side", as Stripe would: plain JSON documents in `sandbox_payment_objects`.
 * Dates are stored as ISO strings and revived on read.
 */

/** What a saved card does when it is charged later (a renewal): the outcome of its test number, never the number. */
export type RenewalOutcome = 'succeeded' | { declineCode: string; message: string };

/** A card typed in and waiting for its authentication step (3-D Secure). */
export interface PendingCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  renewalOutcome: RenewalOutcome;
  /** Its charges ask the card holder to authenticate each time (Stripe's 4000 0027 6000 3184); absent: no. */
  authenticateCharges?: boolean;
}

export interface SandboxCustomer {
  id: string;
  email: string | null;
  name: string;
  clientId: number;
  defaultPaymentMethod: string | null;
}

export type SandboxCard = Omit<ProviderCard, 'isDefault'> & { customerId: string | null; renewalOutcome: RenewalOutcome; authenticateCharges?: boolean };

export interface SandboxSubscription extends ProviderSubscription {
  /** The price of one billing period in cents. */
  amount: number;
  currentPeriodStart: Date;
  /** Proration of plan changes, added to the next renewal invoice (Stripe's pending invoice items). */
  pendingProration: number;
  metadata: Record<string, string>;
}

export interface SandboxInvoice extends ProviderInvoice {
  paymentIntentId: string;
}

export interface SandboxPaymentIntent extends ProviderPaymentIntent {
  invoiceId: string | null;
  pendingCard: PendingCard | null;
  description: string;
}

export interface SandboxSetupIntent extends ProviderSetupIntent {
  pendingCard: PendingCard | null;
}

export interface SandboxKinds {
  customer: SandboxCustomer;
  payment_method: SandboxCard;
  subscription: SandboxSubscription;
  invoice: SandboxInvoice;
  payment_intent: SandboxPaymentIntent;
  setup_intent: SandboxSetupIntent;
}
export type SandboxKind = keyof SandboxKinds;

const ID_PREFIX: Record<SandboxKind, string> = {
  customer: 'cus',
  payment_method: 'pm',
  subscription: 'sub',
  invoice: 'in',
  payment_intent: 'pi',
  setup_intent: 'seti',
};

/** A sandbox id in Stripe's style, marked as the sandbox's: `pi_sbx_…`. */
export function sandboxId(kind: SandboxKind | 'event'): string {
  const prefix = kind === 'event' ? 'evt' : ID_PREFIX[kind];
  return `${prefix}_sbx_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** A client secret in Stripe's format, `<id>_secret_<random>`. */
export const clientSecretFor = (id: string) => `${id}_secret_${randomBytes(12).toString('hex')}`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function revive<T>(data: unknown): T {
  return JSON.parse(JSON.stringify(data), (_key, value: unknown) =>
    typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : value,
  ) as T;
}

export class SandboxStore {
  constructor(private readonly db: Db) {}

  async get<K extends SandboxKind>(kind: K, id: string): Promise<SandboxKinds[K] | undefined> {
    const [row] = await this.db
      .select({ data: sandboxPaymentObjects.data })
      .from(sandboxPaymentObjects)
      .where(and(eq(sandboxPaymentObjects.id, id), eq(sandboxPaymentObjects.kind, kind)))
      .limit(1);
    return row ? revive<SandboxKinds[K]>(row.data) : undefined;
  }

  /**
   * Stores a new object; with an idempotency key already used, returns the object stored under it instead
   * (as a provider answers a retried create with the first answer).
   */
  async create<K extends SandboxKind>(
    kind: K,
    object: SandboxKinds[K],
    options: { customerId?: string | null; idempotencyKey?: string } = {},
  ): Promise<SandboxKinds[K]> {
    const key = options.idempotencyKey ? `${kind}:${options.idempotencyKey}` : null;
    const inserted = await this.db
      .insert(sandboxPaymentObjects)
      .values({ id: object.id, kind, customerId: options.customerId ?? null, idempotencyKey: key, data: object })
      .onConflictDoNothing()
      .returning({ id: sandboxPaymentObjects.id });
    if (inserted.length > 0 || !key) return object;
    const [row] = await this.db
      .select({ data: sandboxPaymentObjects.data })
      .from(sandboxPaymentObjects)
      .where(eq(sandboxPaymentObjects.idempotencyKey, key))
      .limit(1);
    return revive<SandboxKinds[K]>(row?.data ?? object);
  }

  async put<K extends SandboxKind>(kind: K, object: SandboxKinds[K], customerId?: string | null): Promise<void> {
    await this.db
      .update(sandboxPaymentObjects)
      .set({ data: object, ...(customerId !== undefined ? { customerId } : {}) })
      .where(and(eq(sandboxPaymentObjects.id, object.id), eq(sandboxPaymentObjects.kind, kind)));
  }

  async listByCustomer<K extends SandboxKind>(kind: K, customerId: string): Promise<SandboxKinds[K][]> {
    const rows = await this.db
      .select({ data: sandboxPaymentObjects.data })
      .from(sandboxPaymentObjects)
      .where(and(eq(sandboxPaymentObjects.kind, kind), eq(sandboxPaymentObjects.customerId, customerId)))
      .orderBy(asc(sandboxPaymentObjects.createdAt), asc(sandboxPaymentObjects.id));
    return rows.map((r) => revive<SandboxKinds[K]>(r.data));
  }

  /** Subscriptions (active or past due) whose period ended by `now`. */
  async subscriptionsDue(now: Date): Promise<SandboxSubscription[]> {
    const rows = await this.db
      .select({ data: sandboxPaymentObjects.data })
      .from(sandboxPaymentObjects)
      .where(
        and(
          eq(sandboxPaymentObjects.kind, 'subscription'),
          sql`${sandboxPaymentObjects.data}->>'status' in ('active', 'past_due')`,
          sql`(${sandboxPaymentObjects.data}->>'currentPeriodEnd')::timestamptz <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(sandboxPaymentObjects.id));
    return rows.map((r) => revive<SandboxSubscription>(r.data));
  }
}
