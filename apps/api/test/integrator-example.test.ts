import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_DEFAULT } from '@agency/contract';
import { listActiveClients } from '../examples/list-clients';
import { createClientViaApi, signUp, type Session } from './support/factories';
import { startLiveServer, type LiveServer } from './support/live-server';
import { createTestContext, type TestContext } from './support/test-app';

/** The README's "Calling the API from TypeScript" section quotes this file; the test below runs it. */
const exampleFile = new URL('../examples/list-clients.ts', import.meta.url);
const readmeFile = new URL('../../../README.md', import.meta.url);

let ctx: TestContext;
let live: LiveServer;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  live = await startLiveServer(ctx.deps);
  admin = await signUp(ctx, { role: 'admin' });
});
afterAll(async () => {
  await live?.close();
  await ctx?.close();
});

describe('the integrator example (README)', () => {
  it('is quoted in the README exactly as the file that runs', () => {
    const example = readFileSync(exampleFile, 'utf8').trim();
    const readme = readFileSync(readmeFile, 'utf8');
    expect(readme).toContain(`\`\`\`ts\n${example}\n\`\`\``);
  });

  it('signs in and lists every active client, page by page, from a live server', async () => {
    // One more than a page, so the example has to follow `next`; a paused client stays out.
    const names = Array.from({ length: PAGE_SIZE_DEFAULT + 1 }, (_, i) => `Brand ${String(i + 1).padStart(3, '0')}`);
    for (const name of names) await createClientViaApi(ctx, admin, { name });
    await createClientViaApi(ctx, admin, { name: 'Aaa Paused', status: 'paused' });

    const clients = await listActiveClients(live.url, admin.user.email, admin.password);

    expect(clients.map((c) => c.name)).toEqual(names);
    expect(clients.every((c) => c.status === 'active')).toBe(true);
  });

  it("reports a refused sign-in with the API's message", async () => {
    await expect(listActiveClients(live.url, admin.user.email, 'not-the-password')).rejects.toThrow(
      'Sign-in failed: Invalid email or password.',
    );
  });
});
