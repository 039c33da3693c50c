import { sendDueMonthlyReports } from '../modules/analytics';
import { renewSandboxSubscriptions } from '../modules/billing';
import { remindWaitingIntakes } from '../modules/intake';
import { remindWaitingReviews } from '../modules/content';
import { deliverQueuedMail, MAIL_DELIVER_JOB } from '../modules/mail';
import { mailPasswordResetLink, PASSWORD_RESET_JOB } from '../modules/auth';
import { syncDueAccounts } from '../modules/social';
import { deliverWebhook, WEBHOOK_DELIVER_JOB } from '../modules/webhooks';
import { pruneExpiredRows } from './prune';
import type { AppDeps } from '../deps';
import type { JobQueue } from './queue';

export const PRUNE_JOB = 'maintenance.prune';
export const SANDBOX_RENEWALS_JOB = 'billing.sandbox-renewals';
export const SOCIAL_SYNC_JOB = 'social.sync';
export const MONTHLY_REPORTS_JOB = 'analytics.monthly-reports';
export const INTAKE_REMINDERS_JOB = 'intake.reminders';
export const REVIEW_REMINDERS_JOB = 'content.review-reminders';

/** Every job of the product. */
export function defineJobs(jobs: JobQueue): void {
  // One job per e-mail, retried with backoff: 30 s, 1 min, 2 min, 4 min, 8 min.
  jobs.define<{ mailId: number }>({
    name: MAIL_DELIVER_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    run: (data, deps, meta) => deliverQueuedMail(deps, data.mailId, meta),
  });
  // One job per webhook delivery. Retries back off from 1 min, doubling: the 12th and last comes about 2.8 days
  // after the first attempt; then the endpoint is turned off.
  // Forgot password: the account is looked up and mailed here, after the request answered alike for every address.
  jobs.define<{ email: string }>({
    name: PASSWORD_RESET_JOB,
    retryLimit: 3,
    retryDelaySeconds: 30,
    run: (data, deps) => mailPasswordResetLink(deps, data.email),
  });
  jobs.define<{ deliveryId: number }>({
    name: WEBHOOK_DELIVER_JOB,
    retryLimit: 12,
    retryDelaySeconds: 60,
    run: (data, deps, meta) => deliverWebhook(deps, data.deliveryId, meta),
  });
  jobs.define({
    name: PRUNE_JOB,
    retryLimit: 2,
    retryDelaySeconds: 60,
    cron: '*/15 * * * *',
    run: async (_data, deps) => {
      const pruned = await pruneExpiredRows(deps);
      deps.logger.info({ pruned }, 'pruned expired rows');
    },
  });
  // The sandbox payment provider's billing clock (Stripe renews on its own and tells us by webhook).
  defineSweep(jobs, { name: SANDBOX_RENEWALS_JOB, cron: '7 * * * *', retryDelaySeconds: 60, sweep: renewSandboxSubscriptions, done: 'sandbox subscriptions renewed' });
  // Every active account once per UTC day; the hourly runs catch up on accounts a provider outage (retry_later)
  // or a restart left without today's snapshot. pg-boss runs one instance of each slot for the whole cluster.
  jobs.define({
    name: SOCIAL_SYNC_JOB,
    retryLimit: 2,
    retryDelaySeconds: 300,
    cron: '23 * * * *',
    run: async (_data, deps) => {
      const counts = await syncDueAccounts(deps);
      deps.logger.info({ counts }, 'social accounts synced');
    },
  });
  // Daily: on the 1st it e-mails each scheduled client the report of the month that ended; the later days of
  // the month catch up on a report a failure or an outage left unsent (each month goes out once per client).
  jobs.define({
    name: MONTHLY_REPORTS_JOB,
    retryLimit: 3,
    retryDelaySeconds: 600,
    cron: '10 0 * * *',
    run: async (_data, deps) => {
      const result = await sendDueMonthlyReports(deps);
      if (result.sent > 0) deps.logger.info(result, 'scheduled monthly reports sent');
    },
  });
  // Hourly: an intake form still waiting after two days is reminded once (claimed in SQL, so never twice).
  defineSweep(jobs, { name: INTAKE_REMINDERS_JOB, cron: '41 * * * *', retryDelaySeconds: 300, sweep: remindWaitingIntakes, done: 'intake forms reminded' });
  // Hourly: content waiting on a reviewer (staff or client) for two days is reminded once per wait.
  defineSweep(jobs, { name: REVIEW_REMINDERS_JOB, cron: '47 * * * *', retryDelaySeconds: 300, sweep: remindWaitingReviews, done: 'content reviews reminded' });
}

/** A scheduled sweep that reports how many rows it handled; it logs only when it did something. */
function defineSweep(
  jobs: JobQueue,
  o: { name: string; cron: string; retryDelaySeconds: number; sweep: (deps: AppDeps) => Promise<number>; done: string },
): void {
  jobs.define({
    name: o.name,
    retryLimit: 2,
    retryDelaySeconds: o.retryDelaySeconds,
    cron: o.cron,
    run: async (_data, deps) => {
      const handled = await o.sweep(deps);
      if (handled > 0) deps.logger.info({ handled }, o.done);
    },
  });
}
