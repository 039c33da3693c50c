import { expect, type Locator } from '@playwright/test';

/** Types `search` (a client name of the test) into the searchable client combobox (labelled `label`) inside `scope` and picks the first match. */
export async function pickClient(scope: Locator, search: string, label = 'Client'): Promise<void> {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.fill(search);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const option = scope.getByRole('option', { name: new RegExp(search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i') }).first();
  await option.click();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).not.toHaveValue('');
}
