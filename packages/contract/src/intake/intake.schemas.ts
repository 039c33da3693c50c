import { z } from 'zod';
import { ZId, ZPaginationQuery, ordering, paginated } from '../common/common.schemas';
import { ZAttachmentSchema } from '../files/files.schemas';
import { ZTimestamp } from '../shared/shared.schemas';
import { examplePage, withExample, type TOpenApiSchemas } from '../openapi/example';

/**
 * The intake form: after a paid order or a new subscription the agency asks the client for what the team needs.
 * waiting → submitted (by the client), or skipped (staff started without it). A paid order's delivery starts
 * when its form is sent (or skipped).
 */
export const INTAKE_STATUSES = ['waiting', 'submitted', 'skipped'] as const;
export type TIntakeStatus = (typeof INTAKE_STATUSES)[number];
export const INTAKE_STATUS_LABELS: Record<TIntakeStatus, string> = {
  waiting: 'Waiting for intake',
  submitted: 'Intake received',
  skipped: 'Started without intake',
};
export const INTAKE_MAX_COMPETITORS = 10;
export const INTAKE_MAX_ASSETS = 10;
export const INTAKE_TEXT_MAX = 2000;

export const ZIntakeForm = z.object({
  id: z.number().int(),
  client: z.number().int(),
  client_name: z.string(),
  order: z.number().int().nullable().describe('The paid order that asked for it'),
  subscription: z.number().int().nullable().describe('The subscription that asked for it'),
  subject: z.string().describe("What it is for, e.g. 'Order #12' or 'Growth plan'"),
  status: z.enum(INTAKE_STATUSES),
  handle: z.string().nullable().describe('The main account to grow'),
  goals: z.string().nullable(),
  audience: z.string().nullable(),
  competitors: z.array(z.string()),
  assets: z.array(ZAttachmentSchema).describe('Brand assets the client uploaded'),
  requested_at: ZTimestamp,
  submitted_at: ZTimestamp.nullable(),
  submitted_by_name: z.string().nullable(),
  skipped_at: ZTimestamp.nullable(),
});
export type TIntakeForm = z.infer<typeof ZIntakeForm>;

const longText = (what: string) =>
  z
    .string({ required_error: `Tell us ${what}` })
    .trim()
    .min(1, `Tell us ${what}`)
    .max(INTAKE_TEXT_MAX, `Use at most ${INTAKE_TEXT_MAX} characters`);

export const ZIntakeSubmit = z.object({
  handle: z
    .string({ required_error: 'Enter the account to grow' })
    .trim()
    .min(1, 'Enter the account to grow')
    .max(200, 'Use at most 200 characters')
    .describe('The handle or profile link the team works on'),
  goals: longText('your goals'),
  audience: longText('who your audience is'),
  competitors: z
    .array(z.string().trim().min(1, 'Remove the empty competitor').max(200, 'Use at most 200 characters'))
    .max(INTAKE_MAX_COMPETITORS, `At most ${INTAKE_MAX_COMPETITORS} competitors`)
    .default([]),
  assets: z
    .array(ZId)
    .max(INTAKE_MAX_ASSETS, `At most ${INTAKE_MAX_ASSETS} files`)
    .default([])
    .describe('Ids of files uploaded with POST /api/files/ (the client’s own)'),
});
export type TIntakeSubmit = z.input<typeof ZIntakeSubmit>;

export const ZIntakeListQuery = ZPaginationQuery.extend({
  status: z.enum(INTAKE_STATUSES).optional(),
  client: z.coerce.number().int().positive().optional(),
  order: z.coerce.number().int().positive().optional(),
  ordering: ordering(['created_at'], '-created_at'),
});
export type TIntakeListQuery = z.input<typeof ZIntakeListQuery>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function intakeOpenApiSchemas() {
  const intakeForm = withExample(ZIntakeForm, {
    id: 21,
    client: 12,
    client_name: 'Northwind Coffee',
    order: 57,
    subscription: null,
    subject: 'Order #57',
    status: 'submitted',
    handle: '@northwindcoffee',
    goals: 'Grow local followers before the spring opening; more visits to the café.',
    audience: 'Coffee lovers aged 22-40 in Portland, students and remote workers.',
    competitors: ['@stumptowncoffee', '@coavacoffee'],
    assets: [{ id: 340, name: 'logo.png', size: 48213, content_type: 'image/png', url: '/api/files/340/download/' }],
    requested_at: '2025-03-04T10:01:12.000Z',
    submitted_at: '2025-03-04T10:20:45.000Z',
    submitted_by_name: 'Maya Lopez',
    skipped_at: null,
  });
  return {
    IntakeForm: intakeForm,
    PaginatedIntakeForms: withExample(paginated(ZIntakeForm), examplePage([intakeForm.example], 1, '/api/intake-forms/')),
    IntakeSubmit: withExample(ZIntakeSubmit, {
      handle: '@northwindcoffee',
      goals: 'Grow local followers before the spring opening; more visits to the café.',
      audience: 'Coffee lovers aged 22-40 in Portland, students and remote workers.',
      competitors: ['@stumptowncoffee', '@coavacoffee'],
      assets: [340],
    }),
  } satisfies TOpenApiSchemas;
}
