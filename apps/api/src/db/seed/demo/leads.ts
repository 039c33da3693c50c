/**
 * The demo's contact-form leads: one new, one contacted, one closed, and the one that became the newest client.
 * Each is sent by a visitor through submitContact when it came in; the demo admin follows up through updateLead.
 */
import { desc, eq } from 'drizzle-orm';
import { ZContactSchema, type TContact, type TLead } from '@agency/contract';
import { visitor } from '../../../core/actor';
import { submitContact, updateLead } from '../../../modules/leads';
import * as s from '../../schema';
import type { SeedContext, SeededClient, Staff } from './context';
import { addDays } from './random';
import { depsAt } from './seed-deps';
import { staffActor } from './actors';

/** A contact form as a visitor sent it, then what the agency did with it. */
interface DemoLead {
  form: TContact;
  at: Date;
  followUp?: { status: TLead['status']; at: Date };
}

export async function seedLeads({ deps, db, now }: SeedContext, staff: Staff, clients: SeededClient[]): Promise<void> {
  const admin = staffActor(staff, staff.admin);
  const leads: DemoLead[] = [
    {
      form: {
        name: 'Hannah Wright',
        email: 'hannah@wrightbakery.example',
        company: 'Wright’s Bakery',
        subject: 'Growing our Instagram before the holidays',
        message: 'We’re a small bakery with 2k followers. What would a growth package look like for us?',
        inquiryType: 'sales',
      },
      at: addDays(now, -1),
    },
    {
      form: {
        name: 'Daniel Okafor',
        email: 'daniel@okaforfitness.example',
        company: 'Okafor Fitness',
        subject: 'TikTok strategy',
        message: 'Interested in short-form video for our studio. Do you also film on site?',
        inquiryType: 'general',
      },
      at: addDays(now, -9),
      followUp: { status: 'contacted', at: addDays(now, -7) },
    },
    {
      form: {
        name: 'Grace Kim',
        email: 'grace@studiokim.example',
        company: 'Studio Kim',
        subject: 'Partnership idea',
        message: 'We run photo shoots for brands and would love to partner on content production.',
        inquiryType: 'partnership',
      },
      at: addDays(now, -40),
      followUp: { status: 'closed', at: addDays(now, -35) },
    },
  ];
  for (const lead of leads) {
    const id = await submit(deps, db, lead);
    if (lead.followUp) await updateLead(depsAt(deps, lead.followUp.at), admin, { id, status: lead.followUp.status });
  }

  const converted = clients.find((c) => c.monthsAgo === 0);
  if (!converted) return;
  const id = await submit(deps, db, {
    form: {
      name: converted.name,
      email: converted.email,
      company: converted.company,
      subject: 'Full-service social media management',
      message: 'Looking for help with Facebook, LinkedIn and Instagram for our listings.',
      inquiryType: 'sales',
    },
    at: addDays(converted.createdAt, -5),
  });
  // Raw: convertLead makes the client itself (pending, with no manager, at the end of the seed); the demo's client was
  // made by seedClients at its sign-up, with its manager and the history every later seeder hangs on it, so the lead
  // is linked to that client as convertLead links it (converted, the client, the time).
  await db.update(s.leads).set({ status: 'converted', convertedClientId: converted.id, updatedAt: converted.createdAt }).where(eq(s.leads.id, id));
}

/** Sends a contact form through submitContact at the lead's time; the lead's id. */
async function submit(deps: SeedContext['deps'], db: SeedContext['db'], lead: DemoLead): Promise<number> {
  await submitContact(depsAt(deps, lead.at), visitor, ZContactSchema.parse(lead.form));
  // submitContact answers the visitor with a thank-you only: the lead is the newest one.
  const [row] = await db.select({ id: s.leads.id }).from(s.leads).orderBy(desc(s.leads.id)).limit(1);
  if (!row) throw new Error('seed: submitContact stored no lead');
  // Raw: submitContact dates a lead by the columns' default (the database's clock at the seed), not by deps.now.
  await db.update(s.leads).set({ createdAt: lead.at, updatedAt: lead.at }).where(eq(s.leads.id, row.id));
  return row.id;
}

