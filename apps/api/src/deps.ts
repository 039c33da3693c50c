import { registerWebhookListeners } from './modules/webhooks';
import type { Logger } from 'pino';
import type { AppConfig } from './config';
import { systemClock, type Clock } from './core/clock';
import type { Database } from './db/client';
import type { Db } from './db/types';
import { EventBus } from './events/bus';
import type { PaymentProvider } from './integrations/payments/provider';
import { createPaymentProvider } from './integrations/payments/select';
import { createSocialProviders, type SocialProviders } from './integrations/social/select';
import { createTokenCipher, type TokenCipher } from './core/cipher';
import { createFileStorage, type FileStorage } from './integrations/storage';
import { appSecretOf } from './core/secret';
import { defineJobs } from './jobs/definitions';
import { JobQueue, type JobQueueOptions } from './jobs/queue';
import { registerNotificationListeners } from './modules/notifications';
import { registerIntakeListeners } from './modules/intake';
import { registerOrderListeners } from './modules/orders';
import { registerContentListeners } from './modules/content';
import { createSessionCache, registerAuthListeners, type SessionCache } from './modules/auth';
import { registerInvoiceListeners } from './modules/invoices';
import { registerClientListeners } from './modules/clients';

/** What every service, listener, job and router is built from. Services get it with `db` set to their transaction. */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** The database or, inside transact(), the transaction. */
  db: Db;
  logger: Logger;
  /** The clock; tests pass a fixed one. */
  now: Clock;
  events: EventBus;
  jobs: JobQueue;
  /** Stripe when configured, else the built-in sandbox (integrations/payments). */
  payments: PaymentProvider;
  /** Per social network: its real provider when configured, else the built-in sandbox (integrations/social). */
  social: SocialProviders;
  /** Encrypts provider tokens at rest (key derived from APP_SECRET). */
  tokenCipher: TokenCipher;
  /** Uploaded files: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads (integrations/storage). */
  storage: FileStorage;
  /** Token lookups of the last few seconds (the guard's), forgotten when a session ends. */
  sessions: SessionCache;
}

export interface CreateDepsOptions {
  config: AppConfig;
  database: Database;
  logger: Logger;
  now?: Clock;
  jobs?: JobQueueOptions;
  /** Tests: a provider of their own (e.g. Stripe against a local stand-in). */
  payments?: PaymentProvider;
  /** Tests: social providers of their own (e.g. one that fails), per network; the others stay selected. */
  social?: Partial<SocialProviders>;
  /** Tests: a file storage of their own (e.g. S3 against a local stand-in). */
  storage?: FileStorage;
}

/** The dependencies of one instance, with the listeners and jobs of every module registered. */
export function createDeps(options: CreateDepsOptions): AppDeps {
  const events = new EventBus();
  const jobs = new JobQueue(options.database, options.jobs);
  registerNotificationListeners(events);
  registerWebhookListeners(events);
  registerIntakeListeners(events);
  registerOrderListeners(events);
  registerContentListeners(events);
  registerAuthListeners(events);
  registerInvoiceListeners(events);
  registerClientListeners(events);
  defineJobs(jobs);
  const now = options.now ?? systemClock;
  return {
    config: options.config,
    database: options.database,
    db: options.database.db,
    logger: options.logger,
    now,
    events,
    jobs,
    payments: options.payments ?? createPaymentProvider(options.config, options.database.db, now),
    social: { ...createSocialProviders(options.config, now), ...options.social },
    tokenCipher: createTokenCipher(appSecretOf(options.config)),
    storage: options.storage ?? createFileStorage(options.config, options.logger),
    sessions: createSessionCache(events),
  };
}
