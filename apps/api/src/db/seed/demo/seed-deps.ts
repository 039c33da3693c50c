/**
 * The deps the seeders call services with. Services record their domain events as they do for a request, but the
 * seed's event bus has no listeners: nothing reacts to them (no notification, e-mail or webhook beyond the demo's
 * own rows), and they are stored as dispatched.
 */
import { pino } from 'pino';
import type { Database } from '../../client';
import type { Db } from '../../types';
import type { AppDeps } from '../../../deps';
import { EventBus } from '../../../events/bus';
import { createSessionCache } from '../../../modules/auth';

/** The members of AppDeps the services the seeders call use. */
type SeedDepsMembers = Pick<AppDeps, 'db' | 'now' | 'events' | 'logger' | 'sessions'> & { database: Pick<Database, 'db'> };

export function seedDeps(db: Db, now: Date): AppDeps {
  const events = new EventBus();
  const deps: SeedDepsMembers = {
    db,
    // transact() opens its outermost transaction on database.db.
    database: { db },
    now: () => now,
    events,
    logger: pino({ level: 'silent' }),
    sessions: createSessionCache(events),
  };
  // Services take the whole AppDeps; the ones the seeders call read only the members above (one that reads another
  // fails on it at once, so a new need shows up as a failing seed, not as a silent difference).
  return deps as unknown as AppDeps;
}

/** The deps with the clock stopped at `when`: what a service dates (created, sent, invited), it dates then. */
export const depsAt = (deps: AppDeps, when: Date): AppDeps => ({ ...deps, now: () => when });
