/** What the demo's seeders share: the database, the moment the demo is seeded at, and what earlier seeders made. */
import type { SystemActor } from '../../../core/actor';
import type { AppDeps } from '../../../deps';
import type { Db } from '../../types';
import type { ClientSeed } from './cast';
import type { Rng } from './random';

export interface SeedContext {
  /** The services' deps, in the seed's transaction (demo/seed-deps.ts). */
  deps: AppDeps;
  /** Who creates the demo through the services. */
  actor: SystemActor;
  /** The seed's transaction, for what no service offers. */
  db: Db;
  /** The moment the demo is seeded at: every date is relative to it. */
  now: Date;
  /** `now` less 365 days: the history the demo covers. */
  yearAgo: Date;
  rng: Rng;
}

export interface StaffMember {
  id: number;
  name: string;
}

export interface Staff {
  members: StaffMember[];
  /** The demo admin (admin@demo.agency), first of the members. */
  admin: StaffMember;
}

/** A client of the cast as seeded. */
export interface SeededClient extends ClientSeed {
  id: number;
  name: string;
  fee: number;
  createdAt: Date;
  /** Its login, or null when it has none. */
  userId: number | null;
  manager: StaffMember;
}

export interface LoginClient extends SeededClient {
  userId: number;
}
