import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect } from './fixtures';

/* Two-factor helpers of the specs: codes computed as an authenticator app computes them, and the setup screens. */

/** The code an authenticator app shows for `secret` at `at` (what the test types, as a person would read it off the phone). */
export const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });
const step = (at = Date.now()) => Math.floor(at / 30_000);

/**
 * A code of a 30-second step after `usedStep` (the server takes each step's code once): waits for the next step when
 * the current one was used.
 */
export async function freshCode(secret: string, usedStep: number): Promise<{ code: string; step: number }> {
  while (step() <= usedStep) await new Promise((r) => setTimeout(r, 500));
  return { code: totpCode(secret), step: step() };
}

/** Settings → Security's setup: password, the key (read off the screen), the code, the recovery codes. Answers the key and the code's step. */
export async function enrolThroughSettings(page: Page, password: string): Promise<{ secret: string; usedStep: number }> {
  const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await dialog.getByLabel('Current password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const usedStep = step();
  await dialog.getByLabel('Code from the app').fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await dialog.getByLabel('I have saved my recovery codes').check();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return { secret, usedStep };
}
