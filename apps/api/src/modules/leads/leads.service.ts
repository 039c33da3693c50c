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
import type { Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { likePattern, pageWindow, type Page } from '../../core/paging';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import { changedFields, recordAudit } from '../audit';
import { createClient } from '../clients';
import * as q from './leads.queries';

type ListQuery = TPaginationQuery & Omit<TLeadListQuery, 'page' | 'page_size'> & { ordering: string };
type ContactInput = Required<Pick<TContact, 'name' | 'email' | 'subject' | 'message'>> & {
  company?: string | undefined;
  inquiryType?: TLead['inquiryType'] | undefined;
  /** The form's hidden honeypot field; people leave it empty. */
  website?: string | undefined;
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
    inquiryType: row.inquiryType,
    status: row.status,
    client: row.convertedClientId ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Stores the contact form as a lead; the staff hear of it through `lead.submitted`. */
export async function submitContact(deps: AppDeps, _actor: Actor, input: ContactInput) {
  // A filled honeypot is a bot: it gets the same answer (so it learns nothing) and nothing is stored or announced.
  if (input.website?.trim()) return { detail: CONTACT_THANKS };
  await transact(deps, async (tx) => {
    const lead = await q.insertLead(tx.db, {
      name: input.name,
      email: input.email,
      company: input.company ?? '',
      subject: input.subject,
      message: input.message,
      inquiryType: input.inquiryType ?? 'general',
    });
    await emit(tx, 'lead.submitted', { leadId: lead.id, name: lead.name, subject: lead.subject });
  });
  return { detail: CONTACT_THANKS };
}

export async function listLeads(deps: AppDeps, _actor: Actor, query: ListQuery): Promise<Page<TLead>> {
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

export async function updateLead(deps: AppDeps, actor: Actor, { id, status }: TUpdateLead & { id: number }): Promise<TLead> {
  return transact(deps, async (tx) => {
    const before = await q.findLead(tx.db, id, true);
    const row = before ? await q.updateLead(tx.db, id, { status, updatedAt: tx.now() }) : undefined;
    if (!before || !row) throw new AppError('not_found', 'Lead not found.');
    await recordAudit(tx, actor, {
      action: 'lead.updated',
      object: { type: 'lead', id, label: `${row.name} — ${row.subject}` },
      changes: changedFields({ status: before.status }, { status: row.status }, ['status']),
    });
    return toLeadDto(row);
  });
}

/** Creates a pending client from the lead and marks the lead converted, in one transaction. */
export async function convertLead(
  deps: AppDeps,
  actor: Actor,
  { id, ...input }: Partial<TConvertLead> & { id: number },
): Promise<TClient> {
  return transact(deps, async (tx) => {
    const lead = await q.findLead(tx.db, id, true);
    if (!lead) throw new AppError('not_found', 'Lead not found.');
    if (lead.convertedClientId !== null || lead.status === 'converted') {
      throw new AppError('conflict', 'This lead has already been converted.');
    }
    const pkg = input.package ?? DEFAULT_CLIENT_PACKAGE;
    const client = await createClient(tx, actor, {
        name: lead.name,
        email: lead.email.toLowerCase(),
        company: lead.company,
        package: pkg,
        monthly_fee: input.monthly_fee ?? CLIENT_PACKAGE_PRICES[pkg] ?? DEFAULT_MONTHLY_FEE,
        platforms: input.platforms ?? [],
        status: 'pending',
        payment_status: 'pending',
    });
    await q.updateLead(tx.db, id, { status: 'converted', convertedClientId: client.id, updatedAt: deps.now() });
    await recordAudit(tx, actor, {
      action: 'lead.converted',
      object: { type: 'lead', id, label: `${lead.name} — ${lead.subject}`, clientId: client.id },
      changes: { status: [lead.status, 'converted'], client: client.name },
    });
    return client;
  });
}
