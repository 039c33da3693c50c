import type { Logger } from 'pino';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Db } from './db/types';
import type { DomainEvents } from './events';

/** What every router and service is built from; tests assemble their own. */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  db: Db;
  logger: Logger;
  events: DomainEvents;
  /** Overridable clock for tests. */
  now?: () => Date;
}
