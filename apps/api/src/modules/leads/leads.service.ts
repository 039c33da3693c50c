import {
  CLIENT_PACKAGE_PRICES,
  DEFAULT_CLIENT_PACKAGE,
  DEFAULT_MONTHLY_FEE,
  type TClient,
  type TContact,
  type TConvertLead,
  type TLead,
  type TLeadListQuery,
  type TPaginationQuery,
  type TUpdateLead,
} from '@agency/contract';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { likePattern, pageWindow } from '../../http/pagination';
import { createClient } from '../clients/clients.service';
import { notifyUsers } from '../notifications/notifications.service';
import * as q from './leads.queries';

type ListQuery = TPaginationQuery & Omit<TLeadListQuery, 'page' | 'page_size'> & { ordering: string };
type ContactInput = Required<Pick<TContact, 'name' | 'email' | 'subject' | 'message'>> & {
  company?: string | undefined;
  inquiryType?: TLead['inquiryType'] | undefined;
};

export const CONTACT_THANKS = "Thank you for your message! We'll get back to you soon.";

export function toLeadDto(row: q.LeadRow): TLead {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    subject: row.subject,
    message: row.message,
    inquiryType: row.inquiryType as TLead['inquiryType'],
    status: row.status as TLead['status'],
    client: row.convertedClientId ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const nowOf = (deps: AppDeps) => deps.now?.() ?? new Date();

/**
 * Stores the contact form as a lead, then tells every admin about it. The notification is sent after the lead
 * is committed (so the pushed event never points at an uncommitted row); if notifying fails, the visitor's
 * message is still kept and the failure is logged.
 */
export async function submitContact(deps: AppDeps, input: ContactInput) {
  const lead = await q.insertLead(deps.db, {
    name: input.name,
    email: input.email,
    company: input.company ?? '',
    subject: input.subject,
    message: input.message,
    inquiryType: input.inquiryType ?? 'general',
  });
  try {
    const admins = await q.adminUserIds(deps.db);
    await notifyUsers(deps, admins, {
      title: `New lead from ${lead.name}`,
      message: lead.subject,
      type: 'info',
      link: '/dashboard#clients',
    });
  } catch (err) {
    deps.logger.error({ err, leadId: lead.id }, 'could not notify admins of a new lead');
  }
  return { detail: CONTACT_THANKS };
}

export async function listLeads(deps: AppDeps, query: ListQuery) {
  const { limit, offset } = pageWindow(query);
  const params: q.LeadListParams = {
    pattern: query.search ? likePattern(query.search) : undefined,
    status: query.status,
    inquiryType: query.inquiryType,
    ordering: query.ordering,
    limit,
    offset,
  };
  const [count, rows] = await Promise.all([q.countLeads(deps.db, params), q.listLeads(deps.db, params)]);
  return { count, results: rows.map(toLeadDto) };
}

export async function updateLead(deps: AppDeps, id: number, input: TUpdateLead): Promise<TLead> {
  const row = await q.updateLead(deps.db, id, { status: input.status, updatedAt: nowOf(deps) });
  if (!row) throw new AppError('not_found', 'Lead not found.');
  return toLeadDto(row);
}

/** Creates a pending client from the lead and marks the lead converted, in one transaction. */
export async function convertLead(deps: AppDeps, id: number, input: TConvertLead | undefined): Promise<TClient> {
  return deps.db.transaction(async (tx) => {
    const lead = await q.findLead(tx, id, true);
    if (!lead) throw new AppError('not_found', 'Lead not found.');
    if (lead.convertedClientId !== null || lead.status === 'converted') {
      throw new AppError('conflict', 'This lead has already been converted.');
    }
    const pkg = input?.package ?? DEFAULT_CLIENT_PACKAGE;
    const client = await createClient(
      deps,
      {
        name: lead.name,
        email: lead.email.toLowerCase(),
        company: lead.company,
        package: pkg,
        monthly_fee: input?.monthly_fee ?? CLIENT_PACKAGE_PRICES[pkg] ?? DEFAULT_MONTHLY_FEE,
        platforms: input?.platforms ?? [],
        status: 'pending',
        payment_status: 'pending',
      },
      tx,
    );
    await q.updateLead(tx, id, { status: 'converted', convertedClientId: client.id, updatedAt: nowOf(deps) });
    return client;
  });
}
