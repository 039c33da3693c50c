/** The demo agency's fixed cast: its staff, its clients and the logins the sign-in page shows. */
import type { TClientPackage, TRole } from '@agency/contract';

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

export const AGENCY = 'Northstar Social';

/** The demo agency's profile (Settings → Agency): the name and contact details every screen, e-mail and PDF shows. */
export const AGENCY_PROFILE = {
  name: AGENCY,
  email: 'hello@northstar.example',
  phone: '+1 415 555 0142',
  address: '500 Market Street, Suite 400, San Francisco, CA 94105',
  website: 'https://northstar.example',
  invoice_prefix: 'NS-',
} as const;

export const STAFF = [
  // Two owners (the demo admin and a co-owner); two managers who see only the clients assigned to them.
  { first: 'Alex', last: 'Morgan', email: 'admin@demo.agency', title: 'Agency Director', staffRole: 'owner' },
  { first: 'Jordan', last: 'Lee', email: 'jordan.lee@demo.agency', title: 'Account Manager', staffRole: 'manager' },
  { first: 'Priya', last: 'Shah', email: 'priya.shah@demo.agency', title: 'Content Strategist', staffRole: 'owner' },
  { first: 'Marcus', last: 'Bennett', email: 'marcus.bennett@demo.agency', title: 'Social Media Designer', staffRole: 'manager' },
] as const;

export type Platform = 'Instagram' | 'TikTok' | 'YouTube' | 'Facebook' | 'LinkedIn';

export interface ClientSeed {
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
  /** Her content waits for the team's review, then for hers (the others keep the default mode). */
  approvalMode?: 'internal_then_client';
}

export const CLIENTS: ClientSeed[] = [
  { first: 'Emma', last: 'Carter', company: 'Bloom & Co. Florals', email: 'client@demo.agency', login: true, pkg: 'growth', platforms: ['Instagram', 'TikTok', 'Facebook'], status: 'active', paymentStatus: 'paid', monthsAgo: 14, plan: 'pro', approvalMode: 'internal_then_client' },
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
