/**
 * Demo agency data for a fresh database (ARCHITECTURE.md "Runtime shape"). Deterministic: the same
 * `now` gives the same rows. Idempotent: does nothing when any user already exists.
 */
import { sql } from 'drizzle-orm';
import {
  BILLING_PLANS,
  CLIENT_PACKAGE_PRICES,
  FIRST_ORDER_PROMO,
  packageDeliveryDays,
  packageGuaranteeDays,
  NOTIFICATION_PREFERENCE_DEFAULTS,
  PACKAGE_CATALOG,
  SOCIAL_PROVIDERS,
  TAX_RATE,
  type TClientPackage,
  type TRole,
} from '@agency/contract';
import { toMoney, toNumeric } from '../../core/money';
import { seedSandboxAccount } from '../../integrations/payments/sandbox/sandbox-seed';
import type { SocialProviderName } from '../../integrations/social/provider';
import { sandboxMetrics } from '../../integrations/social/sandbox/sandbox-metrics';
import type { NewNotification } from '../../modules/notifications/notifications.service';
import * as s from '../schema';
import type { Db } from '../types';

export interface DemoLogin {
  role: TRole;
  email: string;
  password: string;
}

export const DEMO_ADMIN_PASSWORD = 'DemoAdmin123';
export const DEMO_CLIENT_PASSWORD = 'DemoClient123';
/** bcrypt (cost 10) of the two demo passwords. */
export const DEMO_ADMIN_PASSWORD_HASH = '$2b$10$/e/0ATrmbqWm0N948rhYH.mdqrwBFf6Lk7YMI4D8mrwDKvdXN27vW';
export const DEMO_CLIENT_PASSWORD_HASH = '$2b$10$MtsJcN2DgnJL2A0uxSgmzuraxxkBblixZvOLDubpw1DCem/JZPqX6';

/** The logins the start-up log and the sign-in page show. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  { role: 'admin', email: 'admin@demo.agency', password: DEMO_ADMIN_PASSWORD },
  { role: 'client', email: 'client@demo.agency', password: DEMO_CLIENT_PASSWORD },
];

export interface SeedResult {
  seeded: boolean;
  logins: DemoLogin[];
}

const DAY = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(min = 0, max = 1): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }
  /** Roughly normal (Irwin–Hall), mean 0, sd ~1. */
  gauss(): number {
    let sum = 0;
    for (let i = 0; i < 6; i++) sum += this.next();
    return (sum - 3) / Math.sqrt(0.5);
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

const frac = (n: number) => Math.min(1, Math.max(0, n)).toFixed(4);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY);
const minDate = (a: Date, b: Date) => (a < b ? a : b);
const maxDate = (a: Date, b: Date) => (a > b ? a : b);
/** Same time of day, `months` calendar months later (UTC). */
function addMonths(d: Date, months: number): Date {
  const r = new Date(d.getTime());
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}
/** A working-hours time (UTC 09:00–17:59) on the given day. */
function atWorkTime(rng: Rng, d: Date): Date {
  const r = new Date(d.getTime());
  r.setUTCHours(rng.int(9, 17), rng.int(0, 59), rng.int(0, 59), rng.int(0, 999));
  return r;
}

// ---------------------------------------------------------------------------------------------
// Fixed cast

const AGENCY = 'Northstar Social';

const STAFF = [
  // Two owners (the demo admin and a co-owner); two managers who see only the clients assigned to them.
  { first: 'Alex', last: 'Morgan', email: 'admin@demo.agency', title: 'Agency Director', staffRole: 'owner' },
  { first: 'Jordan', last: 'Lee', email: 'jordan.lee@demo.agency', title: 'Account Manager', staffRole: 'manager' },
  { first: 'Priya', last: 'Shah', email: 'priya.shah@demo.agency', title: 'Content Strategist', staffRole: 'owner' },
  { first: 'Marcus', last: 'Bennett', email: 'marcus.bennett@demo.agency', title: 'Social Media Designer', staffRole: 'manager' },
] as const;

type Platform = 'Instagram' | 'TikTok' | 'YouTube' | 'Facebook' | 'LinkedIn';

interface ClientSeed {
  first: string;
  last: string;
  company: string;
  email: string;
  login: boolean;
  pkg: TClientPackage;
  fee?: number;
  platforms: Platform[];
  status: 'active' | 'pending' | 'paused';
  paymentStatus: 'paid' | 'overdue' | 'pending';
  /** Months since the client signed. */
  monthsAgo: number;
  plan?: 'starter' | 'pro' | 'premium';
}

const CLIENTS: ClientSeed[] = [
  { first: 'Emma', last: 'Carter', company: 'Bloom & Co. Florals', email: 'client@demo.agency', login: true, pkg: 'growth', platforms: ['Instagram', 'TikTok', 'Facebook'], status: 'active', paymentStatus: 'paid', monthsAgo: 14, plan: 'pro' },
  { first: 'Liam', last: 'Brooks', company: 'Peak Performance Gym', email: 'liam@peakperformance.example', login: true, pkg: 'professional', platforms: ['Instagram', 'YouTube', 'TikTok'], status: 'active', paymentStatus: 'paid', monthsAgo: 12, plan: 'premium' },
  { first: 'Sofia', last: 'Martinez', company: 'Casa Sofia Kitchen', email: 'sofia@casasofia.example', login: true, pkg: 'starter', platforms: ['Instagram', 'Facebook'], status: 'active', paymentStatus: 'pending', monthsAgo: 6, plan: 'starter' },
  { first: 'Noah', last: 'Williams', company: 'Urban Thread Apparel', email: 'noah@urbanthread.example', login: true, pkg: 'growth', platforms: ['Instagram', 'TikTok'], status: 'active', paymentStatus: 'overdue', monthsAgo: 6, plan: 'pro' },
  { first: 'Olivia', last: 'Chen', company: 'Lumen Skincare', email: 'olivia@lumenskincare.example', login: false, pkg: 'enterprise', fee: 8500, platforms: ['Instagram', 'TikTok', 'YouTube', 'Facebook'], status: 'active', paymentStatus: 'paid', monthsAgo: 13 },
  { first: 'Ethan', last: 'Patel', company: 'Brightside Dental', email: 'ethan@brightsidedental.example', login: false, pkg: 'starter', platforms: ['Facebook', 'Instagram'], status: 'active', paymentStatus: 'paid', monthsAgo: 4 },
  { first: 'Ava', last: 'Thompson', company: 'Wanderlust Travel Co.', email: 'ava@wanderlusttravel.example', login: false, pkg: 'professional', platforms: ['Instagram', 'YouTube', 'TikTok'], status: 'active', paymentStatus: 'paid', monthsAgo: 5 },
  { first: 'Mason', last: 'Rivera', company: 'Rivera Auto Detailing', email: 'mason@riveraauto.example', login: false, pkg: 'starter', platforms: ['TikTok', 'Instagram'], status: 'paused', paymentStatus: 'overdue', monthsAgo: 9 },
  { first: 'Isabella', last: 'Nguyen', company: 'Pixel Pup Pet Supplies', email: 'isabella@pixelpup.example', login: false, pkg: 'growth', platforms: ['Instagram', 'TikTok', 'YouTube'], status: 'active', paymentStatus: 'paid', monthsAgo: 3 },
  { first: 'Lucas', last: 'Schmidt', company: 'Alpine Coffee Roasters', email: 'lucas@alpinecoffee.example', login: false, pkg: 'growth', platforms: ['Instagram', 'Facebook'], status: 'active', paymentStatus: 'pending', monthsAgo: 3 },
  { first: 'Mia', last: 'Johnson', company: 'Harbor Yoga Studio', email: 'mia@harboryoga.example', login: false, pkg: 'starter', platforms: ['Instagram', 'YouTube'], status: 'pending', paymentStatus: 'pending', monthsAgo: 1 },
  { first: 'James', last: "O'Connor", company: "O'Connor Realty Group", email: 'james@oconnorrealty.example', login: false, pkg: 'professional', platforms: ['Facebook', 'LinkedIn', 'Instagram'], status: 'pending', paymentStatus: 'pending', monthsAgo: 0 },
];

/** Logins of the other client users (same password as client@demo.agency). */
export const DEMO_EXTRA_CLIENT_LOGINS: readonly DemoLogin[] = CLIENTS.filter(
  (c) => c.login && c.email !== 'client@demo.agency',
).map((c) => ({ role: 'client', email: c.email, password: DEMO_CLIENT_PASSWORD }));

const TASK_TITLES = [
  'Draft monthly content calendar',
  'Design carousel for product launch',
  'Edit Reels from the latest shoot',
  'Write captions for next week',
  'Hashtag research refresh',
  'Prepare monthly performance report',
  'Community management sweep',
  'Optimise Instagram bio and highlights',
  'Plan influencer outreach list',
  'Set up boosted post campaign',
  'Film behind-the-scenes TikToks',
  'Create YouTube thumbnail set',
  'Review competitor accounts',
  'Schedule holiday campaign posts',
  'Respond to DMs backlog',
  'A/B test story formats',
  'Update brand style guide',
  'Audit posting times',
  'Storyboard product demo video',
  'Collect client testimonials for posts',
];

const TASK_DESCRIPTIONS = [
  'Align with the client on key dates and themes before drafting.',
  'Use the approved brand palette and fonts; export in 4:5 and 9:16.',
  'Keep each cut under 30 seconds, add captions and trending audio.',
  'Tone: friendly and upbeat. Include a clear call to action in each.',
  'Focus on mid-size hashtags (10k–500k posts) relevant to the niche.',
  'Cover followers, reach, engagement and top posts with recommendations.',
  'Reply to comments and flag anything that needs the client’s input.',
  'Check links, highlight covers and keyword placement.',
];

const CONTENT_TEXTS = [
  'New week, new goals! Here’s how we’re kicking off Monday at {company}. 💪 #MondayMotivation',
  'Behind the scenes: a sneak peek at what the {company} team has been working on. 👀',
  'Customer spotlight ⭐ We love hearing from you — tag us to be featured next!',
  'Our top 5 tips for getting the most out of your day. Save this post for later! 📌',
  'Limited time only: 15% off for our followers this weekend. Link in bio. 🛍️',
  'Meet the team! Say hi to the people who make {company} what it is. 👋',
  'Quick tutorial: three ways to use our bestseller you probably haven’t tried.',
  'Throwback to one of our favourite moments this year. What was yours? 💬',
  'Poll time! Which one should we launch next — A or B? Vote in the comments. 🗳️',
  'Thank you for 10K! To celebrate, we’re running a giveaway all week. 🎉',
  'Fresh arrivals just dropped. Which one is your favourite? 😍',
  'Did you know? A fun fact about how we make everything at {company}.',
  'Weekend vibes ☀️ Stop by and say hello — we’d love to see you.',
  'FAQ Friday: answering your most asked questions in one quick video. 🎥',
];

const CONTENT_FEEDBACK = [
  'Could we use a brighter photo and shorten the caption a little?',
  'Please mention the weekend opening hours.',
  'Love it, but the discount should read 10%, not 15%.',
];

const PLATFORM_TO_CONTENT: Record<Platform, (typeof s.contentItems.$inferInsert)['platform']> = {
  Instagram: 'instagram',
  TikTok: 'tiktok',
  YouTube: 'youtube',
  Facebook: 'facebook',
  LinkedIn: 'linkedin',
};

const SOCIAL_PREFIX: Record<SocialProviderName, string> = { instagram: 'ig', youtube: 'yt', tiktok: 'tt' };

// ---------------------------------------------------------------------------------------------

/** Seeds the demo agency into an empty database; returns the demo logins either way. */
export interface SeedOptions {
  now?: Date;
  /**
   * Encrypted sandbox tokens for a demo account (modules/social `demoSocialTokens`); without it the demo accounts
   * hold history only and are never synced.
   */
  socialTokens?: (platform: SocialProviderName, handle: string) => Promise<DemoAccountTokens | null>;
}
export type DemoAccountTokens = Pick<typeof s.socialAccounts.$inferInsert, 'accessTokenEncrypted' | 'refreshTokenEncrypted' | 'tokenExpiresAt'>;

export async function seedDemoData(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const logins = [...DEMO_LOGINS];
  const existing = await db.select({ id: s.users.id }).from(s.users).limit(1);
  if (existing.length > 0) return { seeded: false, logins };

  const now = opts.now ?? new Date();
  // Hashed once, here (the passwords are public: the sign-in page shows them); hashing at every first start cost
  // most of a second of bcrypt in JavaScript. test/demo-logins.test.ts proves each hash matches its password.
  const adminHash = DEMO_ADMIN_PASSWORD_HASH;
  const clientHash = DEMO_CLIENT_PASSWORD_HASH;

  const seeded = await db.transaction(async (tx) => {
    // A concurrent first start (two replicas) must not seed twice.
    await tx.execute(sql`select pg_advisory_xact_lock(724311002)`);
    const again = await tx.select({ id: s.users.id }).from(s.users).limit(1);
    if (again.length > 0) return false;
    await seedInto(tx as unknown as Db, now, adminHash, clientHash, opts);
    return true;
  });
  return { seeded, logins };
}

async function seedInto(db: Db, now: Date, adminHash: string, clientHash: string, opts: SeedOptions): Promise<void> {
  const rng = new Rng(20240917);
  const yearAgo = addDays(now, -365);

  // --- users -------------------------------------------------------------------------------
  const staffRows = STAFF.map((m, i) => ({
    email: m.email,
    username: m.email,
    firstName: m.first,
    lastName: m.last,
    role: 'admin' as const,
    staffRole: m.staffRole,
    company: AGENCY,
    passwordHash: adminHash,
    passwordChangedAt: addDays(now, -(400 - i * 20)),
    createdAt: addDays(now, -(400 - i * 20)),
    updatedAt: addDays(now, -(400 - i * 20)),
  }));
  const clientUserRows = CLIENTS.filter((c) => c.login).map((c) => {
    const created = addDays(addMonths(now, -c.monthsAgo), -2);
    return {
      email: c.email,
      username: c.email,
      firstName: c.first,
      lastName: c.last,
      role: 'client' as const,
      company: c.company,
      passwordHash: clientHash,
      passwordChangedAt: created,
      createdAt: created,
      updatedAt: created,
    };
  });
  const insertedUsers = await db
    .insert(s.users)
    .values([...staffRows, ...clientUserRows])
    .returning({ id: s.users.id, email: s.users.email });
  const userIdByEmail = new Map(insertedUsers.map((u) => [u.email, u.id]));
  const uid = (email: string) => {
    const id = userIdByEmail.get(email);
    if (id === undefined) throw new Error(`seed: no user ${email}`);
    return id;
  };
  const staff = STAFF.map((m) => ({ id: uid(m.email), name: `${m.first} ${m.last}` }));
  const admin = staff[0]!;

  await db.insert(s.notificationPreferences).values(
    insertedUsers.map((u) => ({
      userId: u.id,
      emailInvoices: NOTIFICATION_PREFERENCE_DEFAULTS.email_invoices,
      emailNewClients: NOTIFICATION_PREFERENCE_DEFAULTS.email_new_clients,
      emailSystemAlerts: NOTIFICATION_PREFERENCE_DEFAULTS.email_system_alerts,
      weeklyReports: NOTIFICATION_PREFERENCE_DEFAULTS.weekly_reports,
      pushNotifications: NOTIFICATION_PREFERENCE_DEFAULTS.push_notifications,
    })),
  );

  // --- clients -----------------------------------------------------------------------------
  const clientRows = CLIENTS.map((c, i) => {
    const created = atWorkTime(rng, addDays(addMonths(now, -c.monthsAgo), -rng.int(0, 20)));
    const createdAt = c.monthsAgo === 0 ? atWorkTime(rng, addDays(now, -6)) : created;
    return {
      name: `${c.first} ${c.last}`,
      email: c.email,
      company: c.company,
      package: c.pkg,
      monthlyFee: toNumeric(c.fee ?? CLIENT_PACKAGE_PRICES[c.pkg] ?? 1500),
      platforms: c.platforms,
      status: c.status,
      paymentStatus: c.paymentStatus,
      accountManager: staff[1 + (i % 3)]!.name,
      accountManagerUserId: staff[1 + (i % 3)]!.id,
      userId: c.login ? uid(c.email) : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const insertedClients = await db
    .insert(s.clients)
    .values(clientRows)
    .returning({ id: s.clients.id, email: s.clients.email });
  const clientIdByEmail = new Map(insertedClients.map((c) => [c.email, c.id]));
  const clients = CLIENTS.map((c, i) => {
    const row = clientRows[i]!;
    return {
      ...c,
      id: clientIdByEmail.get(c.email)!,
      name: row.name,
      fee: Number(row.monthlyFee),
      createdAt: row.createdAt,
      userId: row.userId,
      manager: staff.find((m) => m.name === row.accountManager)!,
    };
  });
  const clientsWithLogin = clients.filter((c) => c.userId !== null);

  // --- invoices (one per month of service) ---------------------------------------------------
  const invoiceRows: (typeof s.invoices.$inferInsert)[] = [];
  const usedNumbers = new Set<number>();
  const nextPaymentByClient = new Map<number, string>();
  for (const c of clients) {
    const months: Date[] = [];
    for (let k = 0; ; k++) {
      const issued = atWorkTime(rng, addDays(addMonths(c.createdAt, k), 1));
      if (issued > now) break;
      months.push(issued);
    }
    // Invoices cover the last 12 months; a paused client stopped being billed three months ago.
    const billedUntil = c.status === 'paused' ? addMonths(now, -3) : now;
    for (let k = months.length - 1; k >= 0; k--) {
      const issued = months[k]!;
      if (issued < yearAgo || issued > billedUntil) months.splice(k, 1);
    }
    months.forEach((issued, k) => {
      const isLast = k === months.length - 1;
      const isSecondLast = k === months.length - 2;
      const due = addDays(issued, 14);
      const extra = rng.chance(0.15) ? rng.pick([150, 250, 400, 600]) : 0;
      const amount = c.fee + extra;
      let status: 'paid' | 'pending' | 'overdue' = 'paid';
      if (c.paymentStatus === 'overdue' && (isLast || isSecondLast)) status = due < now ? 'overdue' : 'pending';
      else if (c.paymentStatus === 'pending' && isLast) status = 'pending';
      else if (due > now) status = rng.chance(0.3) ? 'paid' : 'pending';
      else if (isLast && rng.chance(0.35)) status = 'pending'; // pending and already past due
      let paidAt: Date | null = null;
      if (status === 'paid') paidAt = minDate(addDays(issued, rng.int(1, 16)), addDays(now, -0.1));
      let n = issued.getTime();
      while (usedNumbers.has(n)) n += 1;
      usedNumbers.add(n);
      invoiceRows.push({
        invoiceNumber: `INV-${n}`,
        clientId: c.id,
        amount: toNumeric(amount),
        dueDate: isoDate(due),
        description:
          extra > 0
            ? `${c.pkg[0]!.toUpperCase()}${c.pkg.slice(1)} package — ${issued.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })}, plus ad spend management`
            : `${c.pkg[0]!.toUpperCase()}${c.pkg.slice(1)} package — ${issued.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
        status,
        createdAt: issued,
        updatedAt: paidAt ?? issued,
        paidAt,
        reminderSentAt: status === 'overdue' ? addDays(due, 2) : null,
      });
      if (status !== 'paid' && !nextPaymentByClient.has(c.id)) nextPaymentByClient.set(c.id, isoDate(due));
    });
    const lastIssued = months[months.length - 1];
    if (!nextPaymentByClient.has(c.id) && lastIssued && c.status !== 'paused') {
      nextPaymentByClient.set(c.id, isoDate(addDays(addMonths(lastIssued, 1), 14)));
    }
  }
  const insertedInvoices = await db.insert(s.invoices).values(invoiceRows).returning({
    id: s.invoices.id,
    clientId: s.invoices.clientId,
    amount: s.invoices.amount,
    status: s.invoices.status,
    paidAt: s.invoices.paidAt,
    createdAt: s.invoices.createdAt,
  });
  // One statement, not one round trip per client.
  const nextPayments = JSON.stringify([...nextPaymentByClient].map(([id, date]) => ({ id, date })));
  await db.execute(
    sql`update ${s.clients} set next_payment = v.date from json_to_recordset(${nextPayments}::json) as v(id integer, date date) where ${s.clients.id} = v.id`,
  );

  // --- payments, cards and subscriptions of the client users --------------------------------
  const loginClientIds = new Set(clientsWithLogin.map((c) => c.id));
  const paymentRows: (typeof s.payments.$inferInsert)[] = [];
  for (const inv of insertedInvoices) {
    if (!loginClientIds.has(inv.clientId) || inv.status !== 'paid' || !inv.paidAt) continue;
    paymentRows.push({
      clientId: inv.clientId,
      invoiceId: inv.id,
      provider: 'sandbox',
      providerPaymentIntentId: `sandbox_pi_inv_${inv.id}_${inv.createdAt.getTime().toString(36)}`,
      amount: inv.amount,
      currency: 'usd',
      status: 'succeeded',
      createdAt: inv.paidAt,
      updatedAt: inv.paidAt,
    });
  }
  if (paymentRows.length > 0) {
    await db.insert(s.payments).values(paymentRows);
    await db.execute(
      sql`update ${s.invoices} set payment_intent_id = p.provider_payment_intent_id, paid_via = 'card' from ${s.payments} p where p.invoice_id = ${s.invoices.id}`,
    );
  }

  await db.execute(sql`update ${s.invoices} set paid_via = 'manual' where status = 'paid' and paid_via is null`);

  // Each client login has a customer, a saved card and a running plan on the sandbox provider's side.
  const brands = ['visa', 'mastercard', 'amex', 'visa'] as const;
  for (const [i, c] of clientsWithLogin.entries()) {
    const plan = BILLING_PLANS.find((p) => p.id === (c.plan ?? 'starter'))!;
    const created = addDays(c.createdAt, 1);
    let periodEnd = addMonths(created, 1);
    while (periodEnd < now) periodEnd = addMonths(periodEnd, 1);
    const pastDue = c.paymentStatus === 'overdue';
    if (pastDue) periodEnd = addMonths(periodEnd, -1);
    const status = pastDue ? 'past_due' : 'active';
    const account = await seedSandboxAccount(db, {
      clientId: c.id,
      name: c.name,
      email: c.email,
      card: {
        brand: brands[i % brands.length]!,
        last4: ['4242', '4444', '0005', '1881'][i % 4]!,
        expMonth: 1 + ((i * 5) % 12),
        expYear: now.getUTCFullYear() + 1 + (i % 3),
      },
      subscription: {
        priceLookupKey: plan.stripePrice,
        amountCents: plan.price * 100,
        status,
        created,
        periodStart: addMonths(periodEnd, -1),
        periodEnd,
      },
    });
    await db.insert(s.paymentCustomers).values({ clientId: c.id, provider: 'sandbox', customerId: account.customerId, createdAt: created });
    await db.insert(s.subscriptions).values({
      clientId: c.id,
      planId: plan.id,
      planName: plan.name,
      price: toNumeric(plan.price),
      billingCycle: 'monthly',
      status,
      provider: 'sandbox',
      providerSubscriptionId: account.subscriptionId,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      createdAt: created,
      updatedAt: created,
    });
  }

  // --- tasks ---------------------------------------------------------------------------------
  const activeish = clients.filter((c) => c.status !== 'pending' || c.monthsAgo > 0);
  const taskRows: (typeof s.tasks.$inferInsert)[] = [];
  for (let i = 0; i < 60; i++) {
    const c = i < 8 ? clients[i % 4]! : rng.pick(activeish);
    const from = maxDate(c.createdAt, yearAgo).getTime();
    // Skew towards recent work: more tasks in the last weeks.
    const t = from + (now.getTime() - from) * Math.sqrt(rng.float(0.02, 1));
    const created = atWorkTime(rng, new Date(Math.min(t, now.getTime() - DAY / 2)));
    const due = atWorkTime(rng, addDays(created, rng.int(3, 21)));
    let status: 'pending' | 'in-progress' | 'review' | 'completed';
    if (due < addDays(now, -3)) status = rng.chance(0.88) ? 'completed' : rng.pick(['review', 'in-progress'] as const);
    else
      status = rng.weighted([
        ['pending', 4],
        ['in-progress', 3],
        ['review', 2],
        ['completed', 1],
      ] as const);
    const assignee = rng.pick(staff.slice(1));
    const completedAt = status === 'completed' ? minDate(addDays(created, rng.float(1, 14)), now) : null;
    taskRows.push({
      title: rng.pick(TASK_TITLES),
      description: rng.pick(TASK_DESCRIPTIONS),
      clientId: c.id,
      assignedTo: assignee.name,
      assignedToUserId: assignee.id,
      priority: rng.weighted([
        ['low', 2],
        ['medium', 5],
        ['high', 3],
      ] as const),
      status,
      dueDate: due,
      createdBy: rng.chance(0.7) ? admin.id : c.manager.id,
      completedAt,
      createdAt: created,
      updatedAt: completedAt ?? created,
    });
  }
  await db.insert(s.tasks).values(taskRows);

  // --- content items -------------------------------------------------------------------------
  const contentRows: (typeof s.contentItems.$inferInsert)[] = [];
  const contentClients = clients.filter((c) => c.status !== 'paused' || rng.chance(0.5));
  for (let i = 0; i < 80; i++) {
    const c = i < 12 ? clientsWithLogin[i % clientsWithLogin.length]! : rng.pick(contentClients);
    const platform = PLATFORM_TO_CONTENT[rng.pick(c.platforms)];
    const earliest = maxDate(addDays(c.createdAt, 7), addDays(now, -330)).getTime();
    const latest = addDays(now, 45).getTime();
    const scheduled = atWorkTime(rng, new Date(earliest + (latest - earliest) * rng.float() ** 0.7));
    const future = scheduled > now;
    let status: 'draft' | 'pending-approval' | 'approved' | 'posted';
    if (!future) status = rng.chance(0.92) ? 'posted' : 'approved';
    else
      status = rng.weighted([
        ['draft', 2],
        ['pending-approval', 3],
        ['approved', 3],
      ] as const);
    const created = minDate(addDays(scheduled, -rng.int(3, 14)), addDays(now, -rng.float(0.1, 3)));
    const byClient = c.userId !== null && rng.chance(0.35);
    const approved = status === 'approved' || status === 'posted';
    const approvedAt = approved ? minDate(addDays(created, rng.float(0.2, 2)), now) : null;
    const rejected = status === 'draft' && rng.chance(0.4);
    contentRows.push({
      clientId: c.id,
      platform,
      content: rng.pick(CONTENT_TEXTS).replaceAll('{company}', c.company),
      scheduledDate: scheduled,
      imageUrl: null,
      status,
      engagementRate: status === 'posted' ? frac(Math.max(0.008, 0.042 + rng.gauss() * 0.015)) : '0',
      feedback: rejected ? rng.pick(CONTENT_FEEDBACK) : null,
      createdBy: byClient ? c.userId : rng.pick(staff).id,
      approvedBy: approved ? admin.id : null,
      approvedAt,
      reviewStep: status === 'pending-approval' ? 'staff' : null,
      waitingSince: status === 'pending-approval' ? created : null,
      createdAt: created,
      updatedAt: approvedAt ?? created,
    });
  }
  // The demo client reviews her own posts after the team (staff review, then the client): two of her pending posts
  // passed the team's review and wait for her, one with the team's comments.
  const reviewer = clientsWithLogin[0]!;
  await db.update(s.clients).set({ approvalMode: 'internal_then_client' }).where(sql`${s.clients.id} = ${reviewer.id}`);
  const forClient = contentRows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.clientId === reviewer.id)
    .slice(-2);
  forClient.forEach(({ row }, i) => {
    const waitingSince = addDays(now, -1 - i * 1.5);
    Object.assign(row, {
      // Without the random source, so the rest of the demo stays as it was.
      scheduledDate: new Date(new Date(addDays(now, 3 + i * 4)).setUTCHours(15, 0, 0, 0)),
      status: 'pending-approval',
      engagementRate: '0',
      approvedBy: null,
      approvedAt: null,
      feedback: null,
      reviewStep: 'client',
      waitingSince,
      createdAt: addDays(waitingSince, -0.5),
      updatedAt: waitingSince,
    } satisfies Partial<typeof s.contentItems.$inferInsert>);
  });
  const contentIds = await db.insert(s.contentItems).values(contentRows).returning({ id: s.contentItems.id });
  for (const { row, index } of forClient) {
    await db.insert(s.contentReviews).values({
      contentId: contentIds[index]!.id,
      step: 'staff',
      decision: 'approved',
      reviewerId: admin.id,
      reviewerName: admin.name,
      createdAt: row.waitingSince as Date,
    });
  }
  const discussed = forClient[0];
  if (discussed) {
    const at = (hours: number) => minDate(new Date((discussed.row.waitingSince as Date).getTime() + hours * 3_600_000), now);
    const colleague = staff[1] ?? admin;
    await db.insert(s.contentComments).values([
      { contentId: contentIds[discussed.index]!.id, authorId: admin.id, visibility: 'internal', mentions: [colleague.id], body: `@${colleague.name} the colours match her brand kit now; ready for ${reviewer.name.split(' ')[0]}.`, createdAt: at(-1) },
      { contentId: contentIds[discussed.index]!.id, authorId: admin.id, visibility: 'shared', body: 'Here is the post for next week. Happy to adjust the caption if you prefer a different tone.', createdAt: at(0.1) },
      { contentId: contentIds[discussed.index]!.id, authorId: reviewer.userId, visibility: 'shared', body: 'Love the photo! Could we mention the weekend opening hours?', createdAt: at(2) },
    ]);
  }

  // --- messages ------------------------------------------------------------------------------
  const threads: [from: 'client' | 'agency', text: string][][] = [
    [
      ['client', 'Hi! Could we plan something special for Mother’s Day? It’s our busiest week.'],
      ['agency', 'Absolutely — we’ll draft a week of posts plus a giveaway idea and share them by Friday.'],
      ['client', 'Perfect, thank you. Can the giveaway include a bouquet subscription?'],
      ['agency', 'Great idea. Drafts are in your content calendar now, waiting for your approval.'],
      ['client', 'Approved two of them, left a note on the third.'],
      ['agency', 'Thanks! Updated the third one with your changes.'],
      ['client', 'Looks great. Also, the last report was really helpful.'],
      ['client', 'Quick question — could we boost the Reel from Tuesday?'],
    ],
    [
      ['agency', 'Hi Liam, your YouTube channel grew 18% last month. Want to double down on shorts?'],
      ['client', 'Yes please. Can we film new workout clips next week?'],
      ['agency', 'Booked for Wednesday 10am with Marcus. Please have two trainers available.'],
      ['client', 'Done. Will the January challenge campaign be ready in time?'],
      ['agency', 'Storyboards are ready; we’ll send them over tomorrow.'],
      ['client', 'Thanks, looking forward to it.'],
    ],
    [
      ['client', 'Hello, I have a new menu coming out next month. Can we announce it?'],
      ['agency', 'Of course! Send us the photos and we’ll prepare a carousel.'],
      ['client', 'Uploaded them to the shared folder this morning.'],
      ['agency', 'Got them, they look delicious. The carousel is scheduled for the 3rd.'],
      ['client', 'Also, I just saw the latest invoice — I’ll pay it this week.'],
    ],
    [
      ['agency', 'Hi Noah, a quick reminder that two invoices are past due. Let us know if anything is unclear.'],
      ['client', 'Sorry about that, we changed banks. I’ll sort it out.'],
      ['agency', 'No problem, thanks! You can pay directly from the Billing tab.'],
      ['client', 'Will do. Meanwhile, can we push the summer drop posts by a week?'],
      ['agency', 'Done — all summer drop content moved to the following week.'],
      ['client', 'Great, thanks!'],
      ['client', 'Can we get a TikTok with the new hoodie before the weekend?'],
    ],
  ];
  const messageRows: (typeof s.messages.$inferInsert)[] = [];
  clientsWithLogin.forEach((c, i) => {
    const thread = threads[i % threads.length]!;
    let t = addDays(now, -(thread.length * 2 + rng.int(1, 5)));
    thread.forEach(([from, text], k) => {
      t = new Date(Math.min(t.getTime() + rng.float(0.2, 2.5) * DAY, now.getTime() - (thread.length - k) * 60_000));
      const last = k >= thread.length - 1;
      const fromClient = from === 'client';
      // The agency has not opened the client's newest message yet; everything else is read.
      const unread = fromClient && last;
      messageRows.push({
        senderId: fromClient ? c.userId : k % 2 === 0 ? c.manager.id : admin.id,
        receiverId: fromClient ? null : c.userId,
        clientId: c.id,
        content: text,
        readAt: unread ? null : new Date(t.getTime() + rng.int(2, 90) * 60_000),
        priority: fromClient && last && i === 0,
        createdAt: t,
      });
    });
  });
  await db.insert(s.messages).values(messageRows);

  // --- notifications -------------------------------------------------------------------------
  const noteRows: (typeof s.notifications.$inferInsert)[] = [];
  /** A notification as the listeners write them: the link is a section of the reader's role. */
  const note = <TReader extends TRole>(
    userId: number,
    title: string,
    message: string,
    type: NewNotification['type'],
    link: NewNotification<TReader>['link'],
    hoursAgo: number,
    read: boolean,
  ) => {
    const createdAt = new Date(now.getTime() - hoursAgo * 3_600_000);
    noteRows.push({
      userId,
      title,
      message,
      type,
      notificationType: type,
      link,
      readAt: read ? new Date(createdAt.getTime() + 600_000) : null,
      createdAt,
    });
  };
  const staffNote = note<'admin'>;
  const clientNote = note<'client'>;
  const emma = clientsWithLogin[0]!;
  const noah = clientsWithLogin.find((c) => c.paymentStatus === 'overdue');
  for (const m of staff) {
    staffNote(m.id, 'New message', `${emma.name} sent you a message`, 'info', '#messages', 2, false);
    staffNote(m.id, 'Content awaiting approval', `${emma.company} submitted a new post for approval`, 'info', '#content', 20, m.id !== admin.id);
    if (noah) staffNote(m.id, 'Invoice overdue', `${noah.company} has 2 overdue invoices`, 'warning', '#invoices', 30, false);
    staffNote(m.id, 'Task completed', 'Monthly performance report was marked completed', 'success', '#tasks', 50, true);
  }
  for (const c of clientsWithLogin) {
    clientNote(c.userId!, 'Content approved', 'Your post was approved and scheduled', 'success', '#content', 6, false);
    clientNote(c.userId!, 'New invoice', 'A new invoice is available in Billing', 'warning', '#billing', 72, true);
    clientNote(c.userId!, 'New message', `${c.manager.name} replied to your message`, 'info', '#messages', 100, true);
  }
  await db.insert(s.notifications).values(noteRows);

  // --- social accounts and a year of daily snapshots -----------------------------------------
  // Sandbox accounts (`sandbox-<ig|yt|tt>-<handle>`), their history read from the sandbox's own deterministic
  // numbers: a sync today continues the same curves. With `socialTokens` they hold a real sandbox grant, so Sync
  // and the daily job work on them as on an account connected through the consent page.
  const accountRows: (typeof s.socialAccounts.$inferInsert)[] = [];
  const accountPlan: { key: string; platform: SocialProviderName; since: Date; end: Date }[] = [];
  const usedHandles = new Set<string>();
  for (const c of clients) {
    if (c.status === 'pending' && c.monthsAgo === 0) continue;
    const socialPlatforms = c.platforms
      .map((p) => p.toLowerCase())
      .filter((p): p is SocialProviderName => (SOCIAL_PROVIDERS as readonly string[]).includes(p))
      .slice(0, c.userId !== null ? 3 : 2);
    let handle = c.company
      .toLowerCase()
      .replace(/&/g, 'and')
      .replace(/[^a-z0-9]+/g, '')
      .slice(0, 24);
    while (usedHandles.has(handle)) handle = `${handle.slice(0, 22)}_${usedHandles.size}`;
    usedHandles.add(handle);
    for (const [j, platform] of socialPlatforms.entries()) {
      const providerAccountId = `sandbox-${SOCIAL_PREFIX[platform]}-${handle}`;
      const since = maxDate(addDays(c.createdAt, 1), yearAgo);
      const active = !(c.status === 'paused' && j === 0);
      const tokens = active && opts.socialTokens ? await opts.socialTokens(platform, handle) : null;
      accountRows.push({
        clientId: c.id,
        platform,
        providerAccountId,
        username: platform === 'youtube' ? handle : `@${handle}`,
        isActive: active,
        connectedAt: since,
        disconnectedAt: active ? null : addDays(now, -40),
        ...tokens,
      });
      accountPlan.push({ key: providerAccountId, platform, since, end: active ? now : addDays(now, -40) });
    }
  }
  const insertedAccounts = await db
    .insert(s.socialAccounts)
    .values(accountRows)
    .returning({ id: s.socialAccounts.id, providerAccountId: s.socialAccounts.providerAccountId });
  const accountIdByKey = new Map(insertedAccounts.map((a) => [a.providerAccountId, a.id]));

  const snapshotRows: (typeof s.metricSnapshots.$inferInsert)[] = [];
  const lastSyncByAccount = new Map<number, Date>();
  for (const plan of accountPlan) {
    const accountId = accountIdByKey.get(plan.key)!;
    // Read at 06:00 UTC each day, as the daily job does.
    let day = new Date(Date.UTC(plan.since.getUTCFullYear(), plan.since.getUTCMonth(), plan.since.getUTCDate(), 6, 0, 0));
    if (day < plan.since) day = addDays(day, 1);
    for (; day <= plan.end; day = addDays(day, 1)) {
      const m = sandboxMetrics(plan.platform, plan.key, day.toISOString().slice(0, 10));
      snapshotRows.push({
        socialAccountId: accountId,
        capturedAt: day,
        followersCount: m.followers,
        engagementRate: m.engagementRate === null ? null : frac(m.engagementRate),
        reach: m.reach,
        postsCount: m.posts,
      });
      lastSyncByAccount.set(accountId, day);
    }
  }
  // A year of days for every account as one JSON parameter (thousands of rows: binding them as parameters of
  // 1,000-row inserts was most of the seed's time on the embedded database), and every last sync in one statement.
  const snapshotJson = JSON.stringify(
    snapshotRows.map((r) => [r.socialAccountId, (r.capturedAt as Date).toISOString(), r.followersCount, r.engagementRate, r.reach, r.postsCount]),
  );
  await db.execute(sql`
    insert into ${s.metricSnapshots} (social_account_id, captured_at, followers_count, engagement_rate, reach, posts_count)
    select (r->>0)::integer, (r->>1)::timestamptz, (r->>2)::integer, (r->>3)::numeric, (r->>4)::integer, (r->>5)::integer
    from json_array_elements(${snapshotJson}::json) as r`);
  const lastSyncs = JSON.stringify([...lastSyncByAccount].map(([id, at]) => ({ id, at: at.toISOString() })));
  await db.execute(
    sql`update ${s.socialAccounts} set last_sync = v.at from json_to_recordset(${lastSyncs}::json) as v(id integer, at timestamptz) where ${s.socialAccounts.id} = v.id`,
  );

  // --- promo code, an order, leads -----------------------------------------------------------
  // WELCOME20 exists in every install (migration 0008); Emma's first order used it.
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

  const pkg = PACKAGE_CATALOG.find((p) => p.id === 'ig-growth') ?? PACKAGE_CATALOG[0]!;
  const subtotal = pkg.price;
  const discount = Math.round(subtotal * FIRST_ORDER_PROMO.percentOff) / 100;
  const tax = toMoney((subtotal - discount) * TAX_RATE);
  const total = subtotal - discount + tax;
  const orderAt = addDays(emma.createdAt, -3);
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
      promoCodeId: welcome!.id,
      createdAt: orderAt,
      updatedAt: orderAt,
      paidAt: orderAt,
    })
    .returning({ id: s.orders.id });
  await db.insert(s.orderLines).values({
    orderId: order!.id,
    packageId: pkg.id,
    serviceId: pkg.serviceId,
    name: pkg.name,
    quantity: 1,
    unitPrice: toNumeric(pkg.price),
    lineTotal: toNumeric(pkg.price),
    target: `@${emma.company.toLowerCase().replace(/[^a-z0-9]+/g, '')}`,
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
    orderId: order!.id,
    provider: 'sandbox',
    providerPaymentIntentId: `sandbox_pi_order_${order!.id}_${orderAt.getTime().toString(36)}`,
    amount: toNumeric(total),
    status: 'succeeded',
    createdAt: orderAt,
    updatedAt: orderAt,
  });

  // Emma sent the order's intake form the day she paid (the delivery started from it).
  await db
    .insert(s.intakeForms)
    .values({
      clientId: emma.id,
      orderId: order!.id,
      status: 'submitted',
      handle: `@${emma.company.toLowerCase().replace(/[^a-z0-9]+/g, '')}`,
      goals: 'Reach more local customers for wedding and event flowers; grow Instagram before the spring season.',
      audience: 'Couples planning weddings and event planners within 30 miles, mostly 25-40.',
      competitors: ['@petalandstem', '@wildbloomstudio'],
      submittedBy: emma.userId,
      submittedAt: addDays(orderAt, 0.1),
      createdAt: orderAt,
      updatedAt: addDays(orderAt, 0.1),
    });

  // Emma's team: her shop manager approves content (same password as Emma); her bookkeeper is invited, not joined yet.
  const teamMembers = await db
    .insert(s.users)
    .values([
      { email: 'olivia.reed@bloomandco.example', username: 'olivia.reed@bloomandco.example', firstName: 'Olivia', lastName: 'Reed', role: 'client' as const, company: emma.company, passwordHash: clientHash, passwordChangedAt: addDays(now, -30), createdAt: addDays(now, -30), updatedAt: addDays(now, -30) },
      { email: 'ben.cole@bloomandco.example', username: 'ben.cole@bloomandco.example', firstName: 'Ben', lastName: 'Cole', role: 'client' as const, company: emma.company, passwordHash: clientHash, invitedAt: addDays(now, -2), passwordChangedAt: addDays(now, -2), createdAt: addDays(now, -2), updatedAt: addDays(now, -2) },
    ])
    .returning({ id: s.users.id });
  await db.insert(s.clientMembers).values([
    { clientId: emma.id, userId: teamMembers[0]!.id, permission: 'content' as const, invitedBy: emma.userId, createdAt: addDays(now, -30) },
    { clientId: emma.id, userId: teamMembers[1]!.id, permission: 'billing' as const, invitedBy: emma.userId, createdAt: addDays(now, -2) },
  ]);

  const converted = clients.find((c) => c.monthsAgo === 0);
  await db.insert(s.leads).values([
    {
      name: 'Hannah Wright',
      email: 'hannah@wrightbakery.example',
      company: 'Wright’s Bakery',
      subject: 'Growing our Instagram before the holidays',
      message: 'We’re a small bakery with 2k followers. What would a growth package look like for us?',
      inquiryType: 'sales',
      status: 'new',
      createdAt: addDays(now, -1),
      updatedAt: addDays(now, -1),
    },
    {
      name: 'Daniel Okafor',
      email: 'daniel@okaforfitness.example',
      company: 'Okafor Fitness',
      subject: 'TikTok strategy',
      message: 'Interested in short-form video for our studio. Do you also film on site?',
      inquiryType: 'general',
      status: 'contacted',
      createdAt: addDays(now, -9),
      updatedAt: addDays(now, -7),
    },
    {
      name: 'Grace Kim',
      email: 'grace@studiokim.example',
      company: 'Studio Kim',
      subject: 'Partnership idea',
      message: 'We run photo shoots for brands and would love to partner on content production.',
      inquiryType: 'partnership',
      status: 'closed',
      createdAt: addDays(now, -40),
      updatedAt: addDays(now, -35),
    },
    ...(converted
      ? [
          {
            name: converted.name,
            email: converted.email,
            company: converted.company,
            subject: 'Full-service social media management',
            message: 'Looking for help with Facebook, LinkedIn and Instagram for our listings.',
            inquiryType: 'sales' as const,
            status: 'converted' as const,
            convertedClientId: converted.id,
            createdAt: addDays(converted.createdAt, -5),
            updatedAt: converted.createdAt,
          },
        ]
      : []),
  ]);
}
