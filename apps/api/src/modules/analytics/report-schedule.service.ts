import type { TReportSchedule } from '@agency/contract';
import { systemActor, userIdOf, type Actor } from '../../core/actor';
import { emit, transact } from '../../events/outbox';
import type { AppDeps } from '../../deps';
import { agencyName } from '../agency';
import { recordAudit } from '../audit';
import { emailPreferenceAllows, queueMail } from '../mail';
import { monthKey, monthName, monthStart } from './analytics.periods';
import * as q from './analytics.queries';
import { monthlyReportPdf } from './analytics.reports';
import { requireClient } from './analytics.service';

/**
 * Scheduled monthly reports: an admin switches a client's on; from then on, on the 1st of each month the job
 * renders the report of the month that just ended and e-mails it (PDF attached) to the client's e-mail address
 * (kept in the outbox when SMTP is not configured), unless the client's login turned growth report e-mails off in its
 * settings; the portal tells the client's people either way (report.sent). A month is claimed before it is sent, in the transaction
 * that queues the e-mail, so it goes out once even if the job runs twice or on two instances.
 */

function toSchedule(client: q.ClientRow, row: q.ScheduleRow | null, now: Date): TReportSchedule {
  const enabled = row?.enabled ?? false;
  return {
    client: client.id,
    enabled,
    recipient_email: client.email,
    last_sent_at: row?.lastSentAt?.toISOString() ?? null,
    last_sent_month: row?.lastSentMonth ?? null,
    next_run_at: enabled ? monthStart(now, 1).toISOString() : null,
  };
}

export async function getReportSchedule(deps: AppDeps, actor: Actor, clientId: number): Promise<TReportSchedule> {
  const client = await requireClient(deps.db, actor, clientId);
  return toSchedule(client, await q.findSchedule(deps.db, clientId), deps.now());
}

export async function setReportSchedule(deps: AppDeps, actor: Actor, clientId: number, body: { enabled: boolean }): Promise<TReportSchedule> {
  const client = await requireClient(deps.db, actor, clientId);
  const now = deps.now();
  return transact(deps, async (tx) => {
    const before = await q.findSchedule(tx.db, clientId);
    const row = await q.saveSchedule(tx.db, { clientId, enabled: body.enabled, userId: userIdOf(actor), now });
    await recordAudit(tx, actor, {
      action: body.enabled ? 'client.report_schedule_enabled' : 'client.report_schedule_disabled',
      object: { type: 'client', id: clientId, label: client.name, clientId },
      changes: { monthly_report: [before?.enabled ?? false, body.enabled] },
    });
    return toSchedule(client, row, now);
  });
}

/**
 * The daily job: sends the report of the month that ended to every enabled client that has not had it yet
 * (a no-op on most days: no schedule is due). Answers how many went out; a client whose report fails is
 * logged and left for the next run, and the job fails so the queue retries it.
 */
/** Who sends the scheduled reports, as the audit log names it (the job's name). */
const REPORTS_JOB = systemActor('job:analytics.monthly-reports');

export async function sendDueMonthlyReports(deps: AppDeps): Promise<{ sent: number; failed: number }> {
  const now = deps.now();
  const thisMonth = monthStart(now);
  const ended = monthKey(monthStart(now, -1));
  const due = await q.dueSchedules(deps.db, ended, thisMonth);
  let sent = 0;
  let failed = 0;
  for (const schedule of due) {
    try {
      const went = await transact(deps, async (tx) => {
        if (!(await q.claimScheduledMonth(tx.db, schedule.id, ended, now))) return false;
        const client = await q.findClient(tx.db, schedule.clientId);
        if (!client) return false;
        const period = monthName(ended);
        await recordAudit(tx, REPORTS_JOB, { action: 'client.monthly_report_sent', object: { type: 'client', id: client.id, label: client.name, clientId: client.id }, changes: { month: ended, to: client.email } });
        // The portal tells the client's people it is ready; the e-mail goes unless its login turned report e-mails off.
        await emit(tx, 'report.sent', { clientId: client.id, month: ended, period });
        if (client.userId !== null && !(await emailPreferenceAllows(tx, client.userId, 'email_reports'))) return true;
        const { file } = await monthlyReportPdf(tx, client, ended);
        const agency = await agencyName(tx);
        await queueMail(tx, {
          to: client.email,
          subject: `Your ${period} performance report from ${agency}`,
          text: [
            `Hello ${client.name},`,
            '',
            `Attached is your social media performance report for ${period}: followers, growth, engagement and reach of each connected account, with charts.`,
            '',
            'Thank you,',
            agency,
          ].join('\n'),
          kind: 'monthly_report',
          attachments: [{ filename: file.filename, contentType: file.contentType, content: file.body }],
        });
        return true;
      });
      if (went) sent += 1;
    } catch (err) {
      failed += 1;
      deps.logger.error({ err, clientId: schedule.clientId, month: ended }, 'scheduled report failed');
    }
  }
  if (failed > 0) throw new Error(`${failed} scheduled report(s) of ${ended} failed; ${sent} sent.`);
  return { sent, failed };
}
