/**
 * Values shared by playwright.config.ts (the server's environment) and the fixtures (which need to know them).
 * The config file is loaded again by every worker, so these must not change between loads.
 */

/** The agency invite code the e2e server accepts, so each test can register an admin of its own. */
export const E2E_ADMIN_SIGNUP_CODE = 'e2e-agency-invite-code';

/** Where the cross-worker locks of one run live (beside the run's data folder; removed by global-teardown). */
export function lockDirOf(dataDir: string): string {
  return `${dataDir}-locks`;
}
