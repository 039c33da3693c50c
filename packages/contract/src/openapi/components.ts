import type { z } from 'zod';
import { adminOpenApiSchemas } from '../admin/admin.schemas';
import { agencyOpenApiSchemas } from '../agency/agency.schemas';
import { analyticsOpenApiSchemas } from '../analytics/analytics.schemas';
import { authOpenApiSchemas } from '../auth/auth.schemas';
import { accountOpenApiSchemas } from '../account/account.schemas';
import { billingOpenApiSchemas } from '../billing/billing.schemas';
import { clientsOpenApiSchemas } from '../clients/clients.schemas';
import { commonOpenApiSchemas } from '../common/common.schemas';
import { approvalOpenApiSchemas } from '../content/approval.schemas';
import { contentOpenApiSchemas } from '../content/content.schemas';
import { dashboardOpenApiSchemas } from '../dashboard/dashboard.schemas';
import { filesOpenApiSchemas } from '../files/files.schemas';
import { healthOpenApiSchemas } from '../health/health.schemas';
import { intakeOpenApiSchemas } from '../intake/intake.schemas';
import { invoicesOpenApiSchemas } from '../invoices/invoices.schemas';
import { leadsOpenApiSchemas } from '../leads/leads.schemas';
import { messagesOpenApiSchemas } from '../messages/messages.schemas';
import { metricsOpenApiSchemas } from '../metrics/metrics.schemas';
import { notificationsOpenApiSchemas } from '../notifications/notifications.schemas';
import { oauthOpenApiSchemas } from '../oauth/oauth.schemas';
import { ordersOpenApiSchemas } from '../orders/orders.schemas';
import { performanceOpenApiSchemas } from '../performance/performance.schemas';
import { sharedOpenApiSchemas } from '../shared/shared.schemas';
import { socialAccountsOpenApiSchemas } from '../social-accounts/social-accounts.schemas';
import { tasksOpenApiSchemas } from '../tasks/tasks.schemas';
import { teamOpenApiSchemas } from '../team/team.schemas';
import { twoFactorOpenApiSchemas } from '../security/two-factor.schemas';
import { sessionsOpenApiSchemas } from '../security/sessions.schemas';
import { passkeysOpenApiSchemas } from '../security/passkeys.schemas';
import type { TOpenApiSchemas } from './example';

/**
 * A named schema of the OpenAPI document (`components.schemas`) with a realistic example.
 *
 * The API's document generator converts each schema with the same converter ts-rest uses and replaces every
 * identical inlined copy in the document with a `$ref` to it. A test parses every example with its own schema, so
 * an example cannot drift from the contract.
 */
export interface TOpenApiComponent {
  /** The key under `components.schemas`. */
  name: string;
  schema: z.ZodTypeAny;
  /** A realistic value the schema accepts. */
  example: unknown;
}

/** What each resource's schemas file declares (its `<resource>OpenApiSchemas`), in document order. */
const DECLARED_BY_RESOURCE: ReadonlyArray<() => TOpenApiSchemas> = [
  commonOpenApiSchemas,
  authOpenApiSchemas,
  accountOpenApiSchemas,
  adminOpenApiSchemas,
  agencyOpenApiSchemas,
  teamOpenApiSchemas,
  twoFactorOpenApiSchemas,
  sessionsOpenApiSchemas,
  passkeysOpenApiSchemas,
  healthOpenApiSchemas,
  clientsOpenApiSchemas,
  tasksOpenApiSchemas,
  contentOpenApiSchemas,
  approvalOpenApiSchemas,
  invoicesOpenApiSchemas,
  notificationsOpenApiSchemas,
  messagesOpenApiSchemas,
  filesOpenApiSchemas,
  leadsOpenApiSchemas,
  ordersOpenApiSchemas,
  intakeOpenApiSchemas,
  billingOpenApiSchemas,
  socialAccountsOpenApiSchemas,
  oauthOpenApiSchemas,
  metricsOpenApiSchemas,
  dashboardOpenApiSchemas,
  analyticsOpenApiSchemas,
  performanceOpenApiSchemas,
  sharedOpenApiSchemas,
];

/**
 * Every named schema of /api/openapi.json with its example, collected from the schemas files. A function, so that
 * nothing is built (or bundled into the web app) unless asked for. A name declared twice is an error.
 */
export function openApiComponents(): readonly TOpenApiComponent[] {
  const components = DECLARED_BY_RESOURCE.flatMap((declare) =>
    Object.entries(declare()).map(([name, { schema, example }]) => ({ name, schema, example })),
  );
  const seen = new Set<string>();
  for (const { name } of components) {
    if (seen.has(name)) throw new Error(`OpenAPI component ${name} is declared twice`);
    seen.add(name);
  }
  return components;
}
