/**
 * Values shared by playwright.config.ts (the server's environment) and the fixtures (which need to know them).
 * The config file is loaded again by every worker, so these must not change between loads.
 */

/** The agency invite code the e2e server accepts, so each test can register an admin of its own. */
export const E2E_ADMIN_SIGNUP_CODE = 'e2e-agency-invite-code';

/**
 * The port of the webhook receiver webhooks.spec.ts starts on 127.0.0.1: the e2e server may deliver webhooks there
 * (WEBHOOK_ALLOWED_PRIVATE_HOSTS), over plain http, and to no other private address.
 */
export const E2E_WEBHOOK_RECEIVER_PORT = 4599;

/**
 * The port of the SMTP stand-in global-setup.ts starts on 127.0.0.1: the e2e server's SMTP_URL points there, so every
 * e-mail of the run is received by it and written to mailLogOf(the run's data folder), one JSON line per message.
 */
export const E2E_SMTP_PORT = 4598;

/** The file the SMTP stand-in appends each received message to: `{"from","to":[…],"data","received_at"}` per line. */
export function mailLogOf(dataDir: string): string {
  return `${dataDir}/e2e-mail/messages.jsonl`;
}

/** Where the cross-worker locks of one run live (beside the run's data folder; removed by global-teardown). */
export function lockDirOf(dataDir: string): string {
  return `${dataDir}-locks`;
}
