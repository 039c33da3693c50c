import { DASHBOARD_SECTIONS } from '@agency/contract';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '@/test/axe';
import { clientSession } from '@/test/billing-fixtures';
import { server } from '@/test/mock-api';
import { renderWithApi, testSession } from '@/test/render';
import DashboardPage from './dashboard.page';

/**
 * Every dashboard section while its data is on the way (the API holds every answer): once the section's chunk has
 * loaded, what shows is its own loading state, and axe finds no serious or critical violation in it. The sections
 * with their data, and their menus and dialogs, are checked in the browser walks (e2e/accessibility.spec.ts).
 */
const SESSIONS = { admin: testSession, client: clientSession };

// jsdom has no ResizeObserver; Radix measures some controls with it (nothing here depends on a size).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe.each(['admin', 'client'] as const)('the %s dashboard while its data loads', (role) => {
  it.each([...DASHBOARD_SECTIONS[role]])('#%s', async (section) => {
    server.use(http.all('*/api/*', () => new Promise<never>(() => undefined)));
    renderWithApi(<DashboardPage />, { route: `/dashboard#${section}`, session: SESSIONS[role]() });
    // The section's chunk has loaded (the Suspense skeleton is gone): what shows now is the section's own state.
    await waitFor(() => expect(screen.queryByText('Loading section')).toBeNull());
    expect(screen.getByRole('main')).not.toBeEmptyDOMElement();
    expect(await seriousAxeViolations()).toEqual([]);
  });
});
