import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { E2E_WEBHOOK_RECEIVER_PORT } from './env';
import { expect, test } from './fixtures';

/** A request the receiver got: its path, headers and the exact bytes of its body. */
interface TReceived {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1:E2E_WEBHOOK_RECEIVER_PORT (the one private address the e2e server may deliver to):
 * it records every request and answers 200. Only one test of the run starts it, so the fixed port is free.
 */
async function startReceiver(): Promise<{ received: TReceived[]; close: () => Promise<void> }> {
  const received: TReceived[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(E2E_WEBHOOK_RECEIVER_PORT, '127.0.0.1', resolve);
  });
  return {
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Checks Agency-Signature (`t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`) as an integrator would. */
function verifySignature(header: string | string[] | undefined, body: string, secret: string): { valid: boolean; timestamp: number } {
  const parts = new Map(
    String(header ?? '')
      .split(',')
      .map((p) => p.split('=') as [string, string]),
  );
  const timestamp = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return { valid: given.length === expected.length && timingSafeEqual(given, expected), timestamp };
}

async function openWebhooks(page: Page) {
  await page.goto('/dashboard#settings');
  await page.getByRole('tab', { name: 'API & webhooks' }).click();
  await expect(page).toHaveURL(/tab=api-keys/);
  await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
}

test.describe('admin settings: webhooks', () => {
  test('add an endpoint for "Client created", get a signed delivery, see it in the log, send a test event', async ({
    adminPage: page,
    api,
    uid,
  }, testInfo) => {
    const receiver = await startReceiver();
    try {
      // A path of this test's own: other tests' endpoints may share the receiver's address but never this path.
      const url = `http://127.0.0.1:${E2E_WEBHOOK_RECEIVER_PORT}/hook/${uid}`;
      const ofThisEndpoint = () => receiver.received.filter((r) => r.path === `/hook/${uid}`);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await openWebhooks(page);
      await expect(page.getByRole('link', { name: /How to check a signature/ })).toHaveAttribute('href', '/api/docs/');

      await page.getByRole('button', { name: 'Add endpoint' }).first().click();
      const form = page.getByRole('dialog', { name: 'Add endpoint' });
      await form.getByLabel('Endpoint URL').fill(url);
      await form.getByLabel('Description').fill(`E2E receiver ${uid}`);
      await form.getByRole('checkbox', { name: 'Client created' }).check();
      await form.getByRole('button', { name: 'Add endpoint' }).click();

      // The signing secret, once, with Copy.
      const shown = page.getByRole('dialog', { name: 'Copy the signing secret' });
      await expect(shown).toContainText('It will not be shown again');
      const secret = (await shown.getByTestId('new-webhook-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{20,}$/);
      await shown.getByRole('button', { name: 'Copy' }).click();
      await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(shown).toBeHidden();

      const row = page.getByTestId('webhook-row').filter({ hasText: url });
      await expect(row).toContainText('Client created');
      await expect(row).toContainText('Active');
      await expect(row.getByTestId('webhook-last-delivery')).toHaveText('No deliveries yet');
      await expect(page.getByText(secret)).toHaveCount(0);

      // A client is created: the receiver gets a POST about it, signed with the secret.
      const client = await api.createClient();
      await expect
        .poll(() => ofThisEndpoint().find((r) => (JSON.parse(r.body) as { data?: { client?: { id?: number } } }).data?.client?.id === client.id), {
          timeout: 20_000,
        })
        .toBeTruthy();
      const hook = ofThisEndpoint().find((r) => (JSON.parse(r.body) as { data?: { client?: { id?: number } } }).data?.client?.id === client.id)!;
      const event = JSON.parse(hook.body) as { id: string; type: string; data: { client: { name: string } } };
      expect(hook.method).toBe('POST');
      expect(hook.headers['content-type']).toContain('application/json');
      expect(hook.headers['agency-event']).toBe('client.created');
      expect(event.type).toBe('client.created');
      expect(event.data.client.name).toBe(client.name);
      const signature = verifySignature(hook.headers['agency-signature'], hook.body, secret);
      expect(signature.valid, `Agency-Signature ${String(hook.headers['agency-signature'])}`).toBe(true);
      expect(Math.abs(Date.now() / 1000 - signature.timestamp)).toBeLessThan(300);
      expect(verifySignature(hook.headers['agency-signature'], hook.body, `${secret}x`).valid).toBe(false);

      // The delivery log: that event, succeeded, answered 200.
      await row.getByRole('button', { name: `Deliveries to ${url}` }).click();
      const log = page.getByRole('dialog', { name: 'Deliveries' });
      await expect(page).toHaveURL(/deliveries=\d+/);
      const delivered = log.getByTestId('webhook-delivery').and(log.locator(`[data-event-id="${event.id}"]`));
      await expect(delivered).toContainText('Client created');
      await expect(delivered).toContainText('Succeeded');
      await expect(delivered).toContainText('200');

      // Send test event: a signed ping reaches the receiver and shows in the log.
      await log.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Test event sent' })).toBeVisible();
      const ping = log.getByTestId('webhook-delivery').filter({ hasText: 'Test (ping)' });
      await expect(ping).toHaveCount(1);
      await expect(ping).toContainText('Succeeded');
      await expect(ping).toContainText('200');
      const pinged = ofThisEndpoint().find((r) => r.headers['agency-event'] === 'ping');
      expect(pinged, 'the receiver got the ping').toBeTruthy();
      expect(verifySignature(pinged!.headers['agency-signature'], pinged!.body, secret).valid).toBe(true);

      // The filter reads the log again (and is in the URL).
      await log.getByLabel('Delivery status').selectOption('failed');
      await expect(page).toHaveURL(/deliveries_status=failed/);
      await expect(log.getByText('No failed deliveries')).toBeVisible();
      await log.getByLabel('Delivery status').selectOption('');
      await expect(ping).toHaveCount(1);
      await expectNoSeriousAxeViolations(page, testInfo, 'Webhooks: delivery log');
      await page.keyboard.press('Escape');
      await expect(log).toBeHidden();
      await expect(row.getByTestId('webhook-last-delivery')).toContainText('Succeeded');
      await expectNoSeriousAxeViolations(page, testInfo, 'API & webhooks tab');

      // Turn off (paused), then delete, confirmed.
      await row.getByRole('button', { name: `More actions for ${url}` }).click();
      await page.getByRole('menuitem', { name: 'Turn off' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Endpoint turned off' })).toBeVisible();
      await expect(row).toContainText('Paused');
      await expect(row.getByRole('button', { name: `Send test event to ${url}` })).toHaveCount(0);
      await row.getByRole('button', { name: `More actions for ${url}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete endpoint' });
      await expect(confirm).toContainText(url);
      await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Endpoint deleted' })).toBeVisible();
      await expect(row).toHaveCount(0);
    } finally {
      await receiver.close();
    }
  });

  test('a private address is refused with its reason under the URL field', async ({ adminPage: page }) => {
    await openWebhooks(page);
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.getByLabel('Endpoint URL').fill('https://127.0.0.1/x');
    await form.getByRole('checkbox', { name: 'Client created' }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const field = form.getByLabel('Endpoint URL');
    await expect(form.getByText('The URL points at a private, loopback or link-local address.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expect(page.getByRole('dialog', { name: 'Copy the signing secret' })).toHaveCount(0);
  });
});
