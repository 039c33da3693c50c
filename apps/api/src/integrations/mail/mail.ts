import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { NOTIFICATION_PREFERENCE_DEFAULTS } from '@agency/contract';
import { emailOutbox, notificationPreferences } from '../../db/schema';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';

/**
 * Every e-mail of the product goes through sendMail: with SMTP_URL configured it is sent by SMTP (nodemailer)
 * and recorded in email_outbox as sent or failed; without it the message is kept in email_outbox as queued
 * and one line is logged. The body never goes to the log, and a delivery failure never reaches the caller.
 */

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is: invoice_created, invoice_reminder, new_client, weekly_report, ... */
  kind: string;
}

export interface MailResult {
  id: number;
  status: 'queued' | 'sent' | 'failed';
}

export type NotificationPreferenceKey = keyof typeof NOTIFICATION_PREFERENCE_DEFAULTS;

/** One transport per SMTP URL, reused between messages. */
const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({
      url: smtpUrl,
      // A slow or dead mail server must not hold a request for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Closes the cached SMTP transports (shutdown, tests). */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

export async function sendMail(deps: AppDeps, mail: OutgoingMail): Promise<MailResult> {
  const { config, logger } = deps;
  const subject = clip(mail.subject.replace(/[\r\n]+/g, ' '), 300);
  const kind = clip(mail.kind, 32);
  const [row] = await deps.db
    .insert(emailOutbox)
    .values({ toAddress: mail.to, subject, bodyText: mail.text, bodyHtml: mail.html ?? null, kind, status: 'queued' })
    .returning({ id: emailOutbox.id });
  const id = row!.id;

  if (!config.SMTP_URL) {
    logger.info({ mail: { id, to: mail.to, subject, kind } }, 'e-mail queued (SMTP not configured)');
    return { id, status: 'queued' };
  }

  try {
    await transportFor(config.SMTP_URL).sendMail({
      from: config.MAIL_FROM,
      to: mail.to,
      subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
    });
    const now = deps.now?.() ?? new Date();
    await deps.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: now, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
      .where(eq(emailOutbox.id, id));
    logger.info({ mail: { id, to: mail.to, subject, kind } }, 'e-mail sent');
    return { id, status: 'sent' };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    logger.warn({ mail: { id, to: mail.to, subject, kind }, error: clip(message, 500) }, 'e-mail delivery failed');
    await deps.db
      .update(emailOutbox)
      .set({ status: 'failed', attempts: sql`${emailOutbox.attempts} + 1`, lastError: clip(message, 2000) })
      .where(eq(emailOutbox.id, id))
      .catch(() => undefined);
    return { id, status: 'failed' };
  }
}

/** Whether the user's notification settings allow this kind of e-mail (the defaults until the user saves any). */
export async function emailPreferenceAllows(db: Db, userId: number, key: NotificationPreferenceKey): Promise<boolean> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  if (!row) return NOTIFICATION_PREFERENCE_DEFAULTS[key];
  const byKey: Record<NotificationPreferenceKey, boolean> = {
    email_invoices: row.emailInvoices,
    email_new_clients: row.emailNewClients,
    email_system_alerts: row.emailSystemAlerts,
    weekly_reports: row.weeklyReports,
    push_notifications: row.pushNotifications,
  };
  return byKey[key];
}
