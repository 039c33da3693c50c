import { expect, type Page } from '@playwright/test';

export const DEMO_ADMIN = { email: 'admin@demo.agency', password: 'DemoAdmin123' } as const;

export const ADMIN_SECTIONS = ['Overview', 'Clients', 'Tasks', 'Content', 'Performance', 'Messages', 'Invoices', 'Settings'];
export const CLIENT_SECTIONS = ['Overview', 'Content', 'Performance', 'Messages', 'Billing'];

/** A unique e-mail per test run so sign-ups never collide. */
export function uniqueEmail(prefix = 'client'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
}

export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** Logs in through the API (faster than the form), stores the session the way the app does and returns it (the token for API checks). */
export async function signInThroughApi<TUser = unknown>(page: Page, email: string, password: string): Promise<{ token: string; user: TUser }> {
  const res = await page.request.post('/api/auth/login/', { data: { email, password } });
  expect(res.status()).toBe(200);
  const session = (await res.json()) as { token: string; user: TUser };
  await page.goto('/auth');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('auth_token', t);
      localStorage.setItem('user', u);
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  return session;
}

/** Logs in as the demo admin through the API; returns the token for API checks. */
export async function signInAsAdmin(page: Page): Promise<string> {
  const { token } = await signInThroughApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return token;
}

export async function expectSidebar(page: Page, labels: string[]): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link')).toHaveText(labels);
}
