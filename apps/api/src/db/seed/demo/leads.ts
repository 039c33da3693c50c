/** The demo's contact-form leads: one new, one contacted, one closed, and the one that became the newest client. */
import * as s from '../../schema';
import type { SeedContext, SeededClient } from './context';
import { addDays } from './random';

export async function seedLeads({ db, now }: SeedContext, clients: SeededClient[]): Promise<void> {
  const converted = clients.find((c) => c.monthsAgo === 0);
  // Raw: the leads module exports nothing yet (submitContact, updateLead and convertLead would fit at a set clock).
  await db.insert(s.leads).values([
    {
      name: 'Hannah Wright',
      email: 'hannah@wrightbakery.example',
      company: 'Wright’s Bakery',
      subject: 'Growing our Instagram before the holidays',
      message: 'We’re a small bakery with 2k followers. What would a growth package look like for us?',
      inquiryType: 'sales',
      status: 'new',
      createdAt: addDays(now, -1),
      updatedAt: addDays(now, -1),
    },
    {
      name: 'Daniel Okafor',
      email: 'daniel@okaforfitness.example',
      company: 'Okafor Fitness',
      subject: 'TikTok strategy',
      message: 'Interested in short-form video for our studio. Do you also film on site?',
      inquiryType: 'general',
      status: 'contacted',
      createdAt: addDays(now, -9),
      updatedAt: addDays(now, -7),
    },
    {
      name: 'Grace Kim',
      email: 'grace@studiokim.example',
      company: 'Studio Kim',
      subject: 'Partnership idea',
      message: 'We run photo shoots for brands and would love to partner on content production.',
      inquiryType: 'partnership',
      status: 'closed',
      createdAt: addDays(now, -40),
      updatedAt: addDays(now, -35),
    },
    ...(converted
      ? [
          {
            name: converted.name,
            email: converted.email,
            company: converted.company,
            subject: 'Full-service social media management',
            message: 'Looking for help with Facebook, LinkedIn and Instagram for our listings.',
            inquiryType: 'sales' as const,
            status: 'converted' as const,
            convertedClientId: converted.id,
            createdAt: addDays(converted.createdAt, -5),
            updatedAt: converted.createdAt,
          },
        ]
      : []),
  ]);
}
