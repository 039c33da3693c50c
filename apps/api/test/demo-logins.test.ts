/**
 * The demo agency: on for a development start, off in production unless asked for, and the sign-in page's
 * demo box never carries a password from a production server, nor names an account that is gone or changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_ACCOUNT_PHRASE } from '@agency/contract';
import { loadConfig } from '../src/config';
import bcrypt from 'bcryptjs';
import {
  DEMO_ADMIN_PASSWORD,
  DEMO_ADMIN_PASSWORD_HASH,
  DEMO_CLIENT_PASSWORD,
  DEMO_CLIENT_PASSWORD_HASH,
  DEMO_LOGINS,
  seedDemoData,
} from '../src/db/seed/demo';
import { createTestContext, type TestContext } from './support/test-app';

const SECRET = 'a-test-secret-of-at-least-32-characters';

describe('DEMO_DATA defaults', () => {
  it('is on for a development start and off in production unless set to on', () => {
    expect(loadConfig({}).DEMO_DATA).toBe('on');
    expect(loadConfig({ NODE_ENV: 'development' }).DEMO_DATA).toBe('on');
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET }).DEMO_DATA).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET, DEMO_DATA: 'on' }).DEMO_DATA).toBe('on');
    expect(loadConfig({ NODE_ENV: 'development', DEMO_DATA: 'off' }).DEMO_DATA).toBe('off');
  });
});

describe('demo password hashes (made once, not at every first start)', () => {
  it('match the demo passwords the sign-in page shows', async () => {
    expect(await bcrypt.compare(DEMO_ADMIN_PASSWORD, DEMO_ADMIN_PASSWORD_HASH)).toBe(true);
    expect(await bcrypt.compare(DEMO_CLIENT_PASSWORD, DEMO_CLIENT_PASSWORD_HASH)).toBe(true);
    expect(await bcrypt.compare(DEMO_CLIENT_PASSWORD, DEMO_ADMIN_PASSWORD_HASH)).toBe(false);
  });
});

describe('GET /api/demo-logins', () => {
  let dev: TestContext;
  let prod: TestContext;
  beforeAll(async () => {
    [dev, prod] = await Promise.all([
      createTestContext({ NODE_ENV: 'development', DEMO_DATA: 'on' }),
      createTestContext({ NODE_ENV: 'production', DEMO_DATA: 'on', APP_SECRET: SECRET }),
    ]);
    await Promise.all([seedDemoData(dev.deps.db), seedDemoData(prod.deps.db)]);
  });
  afterAll(async () => {
    await Promise.all([dev?.close(), prod?.close()]);
  });

  it('a development start lists both accounts with the README passwords', async () => {
    const res = await dev.request().get('/api/demo-logins');
    expect(res.status).toBe(200);
    expect(res.body.logins).toEqual(DEMO_LOGINS.map((l) => ({ ...l })));
  });

  it('a production server names the e-mails only: no password anywhere in the answer', async () => {
    const res = await prod.request().get('/api/demo-logins');
    expect(res.status).toBe(200);
    expect(res.body.logins).toEqual(DEMO_LOGINS.map((l) => ({ role: l.role, email: l.email })));
    expect(res.text).not.toContain(DEMO_ADMIN_PASSWORD);
    expect(res.text).not.toContain(DEMO_CLIENT_PASSWORD);
  });

  it('an account that is deleted or whose password was changed leaves the box; with none left the route answers 404', async () => {
    const admin = DEMO_LOGINS.find((l) => l.role === 'admin')!;
    const client = DEMO_LOGINS.find((l) => l.role === 'client')!;
    const tokenOf = async (email: string, password: string) =>
      ({ Authorization: `Token ${(await dev.request().post('/api/auth/login/').send({ email, password })).body.token}` });

    const deleted = await dev
      .request()
      .post('/api/admin/delete-account/')
      .set(await tokenOf(admin.email, admin.password))
      .send({ confirmation: DELETE_ACCOUNT_PHRASE });
    expect(deleted.status).toBe(200);
    const after = await dev.request().get('/api/demo-logins');
    expect(after.body.logins.map((l: { email: string }) => l.email)).toEqual([client.email]);

    const changed = await dev
      .request()
      .post('/api/auth/change-password/')
      .set(await tokenOf(client.email, client.password))
      .send({ current_password: client.password, new_password: 'Client-chosen-passw0rd' });
    expect(changed.status).toBe(200);
    const none = await dev.request().get('/api/demo-logins');
    expect(none.status).toBe(404);
  });
});
