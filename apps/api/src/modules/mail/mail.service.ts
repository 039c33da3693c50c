import { NOTIFICATION_PREFERENCE_DEFAULTS } from '@agency/contract';
import { clip } from '../../core/text';
import type { AppDeps } from '../../deps';
import type { JobMeta } from '../../jobs/queue';
import { MailDeliveryError, sendBySmtp, type MailAttachment } from '../../integrations/mail';
import { agencyName } from '../agency';
import * as q from './mail.queries';

/**
 * Every e-mail of the product: queued in email_outbox (in the transaction of whatever caused it) together with
 * a `mail.deliver` job; the job sends it by SMTP when SMTP_URL is configured, retrying transient failures with
 * backoff, and records the outcome. Without SMTP the message stays queued in the outbox and one line is logged.
 * The body never goes to the log.
 */

export const MAIL_DELIVER_JOB = 'mail.deliver';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is: invoice_created, invoice_reminder, ... */
  kind: string;
  /** Files sent with it (stored with the queued e-mail until it is delivered). */
  attachments?: MailAttachment[];
}

export type NotificationPreferenceKey = keyof typeof NOTIFICATION_PREFERENCE_DEFAULTS;

/** Puts a message in the outbox and schedules its delivery; both commit (or roll back) with `deps.db`. */
export async function queueMail(deps: AppDeps, mail: OutgoingMail): Promise<number> {
  const id = await q.insertMail(deps.db, {
    toAddress: mail.to,
    subject: clip(mail.subject.replace(/[\r\n]+/g, ' '), 300),
    bodyText: mail.text,
    bodyHtml: mail.html ?? null,
    kind: clip(mail.kind, 32),
    status: 'queued',
  });
  if (mail.attachments?.length) await q.insertMailAttachments(deps.db, id, mail.attachments);
  await deps.jobs.send(deps, MAIL_DELIVER_JOB, { mailId: id }, `mail:${id}`);
  return id;
}

/** The address part of MAIL_FROM ('Name <a@b>' or 'a@b'): the name every e-mail is sent under is the agency's. */
function senderAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/** The `mail.deliver` job. Throws (so the queue retries with backoff) only while a retry can still help. */
export async function deliverQueuedMail(deps: AppDeps, mailId: number, meta: JobMeta): Promise<void> {
  const mail = await q.findMail(deps.db, mailId);
  if (!mail || mail.status !== 'queued') return;
  const logged = { id: mail.id, to: mail.toAddress, subject: mail.subject, kind: mail.kind };
  const smtpUrl = deps.config.SMTP_URL;
  if (!smtpUrl) {
    deps.logger.info({ mail: logged }, 'e-mail queued (SMTP not configured)');
    return;
  }
  try {
    const attachments = await q.findMailAttachments(deps.db, mail.id);
    await sendBySmtp(smtpUrl, {
      from: { name: await agencyName(deps), address: senderAddress(deps.config.MAIL_FROM) },
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.bodyText,
      html: mail.bodyHtml ?? undefined,
      attachments,
    });
    await q.recordMailAttempt(deps.db, mail.id, { status: 'sent', sentAt: deps.now(), lastError: null });
    deps.logger.info({ mail: logged }, 'e-mail sent');
  } catch (err) {
    const message = clip(err instanceof Error ? err.message : String(err), 2000);
    const retrying = !(err instanceof MailDeliveryError && err.permanent) && meta.retryCount < meta.retryLimit;
    await q.recordMailAttempt(deps.db, mail.id, { status: retrying ? 'queued' : 'failed', lastError: message });
    deps.logger.warn({ mail: logged, error: clip(message, 500), retrying }, 'e-mail delivery failed');
    if (retrying) throw err;
  }
}

/** Whether the user's notification settings allow this kind of e-mail (the defaults until the user saves any). */
export async function emailPreferenceAllows(deps: Pick<AppDeps, 'db'>, userId: number, key: NotificationPreferenceKey): Promise<boolean> {
  const row = await q.findEmailPreferences(deps.db, userId);
  if (!row) return NOTIFICATION_PREFERENCE_DEFAULTS[key];
  const byKey: Record<NotificationPreferenceKey, boolean> = {
    email_invoices: row.emailInvoices,
    email_new_clients: row.emailNewClients,
    email_system_alerts: row.emailSystemAlerts,
    weekly_reports: row.weeklyReports,
    push_notifications: row.pushNotifications,
    app_messages: row.appMessages,
    email_messages: row.emailMessages,
    app_content: row.appContent,
    email_content: row.emailContent,
    app_billing: row.appBilling,
    email_billing: row.emailBilling,
    app_reports: row.appReports,
    email_reports: row.emailReports,
  };
  return byKey[key];
}
