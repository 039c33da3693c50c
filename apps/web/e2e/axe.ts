import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

import { AXE_EXPERIMENTAL_RULES, AXE_TAGS, BLOCKING_IMPACTS } from '../src/test/axe';

type TAxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type TAxeResult = TAxeResults['violations'][number];


/** One readable block per rule: id, impact, what it wants, then every element (its selector) and axe's summary. */
export function describeViolations(violations: TAxeResult[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const summary = (n.failureSummary ?? '').split('\n').map((line) => `      ${line}`).join('\n');
        return `  - ${n.target.join(' >> ')}\n      ${n.html.slice(0, 200)}\n${summary}`;
      });
      return `${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n\n');
}

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, listing each rule, the elements
 * and axe's summary in the message. All results (moderate and minor too) are attached to the test's report.
 * `soft`: the failure is recorded and the test goes on (a walk over many pages reports every page that fails).
 */
export async function expectNoSeriousAxeViolations(page: Page, testInfo: TestInfo, what = page.url(), { soft = false } = {}): Promise<void> {
  const rules = Object.fromEntries(AXE_EXPERIMENTAL_RULES.map((id) => [id, { enabled: true }]));
  // options() first: it replaces the options, withTags() then adds runOnly to them. Legacy mode runs axe.run() in the
  // page (same-origin frames included) instead of axe.runPartial() per frame and axe.finishRun() in a blank page that
  // loads axe a second time: a fifth less time per check here. The app has no cross-origin frame for it to miss.
  // resultTypes: axe details every element only for violations and incomplete checks; a rule that passes (or does not
  // apply) is reported with one element, which is all the checks below read. Less to build and to send back per page.
  const results = await new AxeBuilder({ page }).options({ rules, resultTypes: ['violations', 'incomplete'] }).withTags(AXE_TAGS).setLegacyMode().analyze();

  const ran = new Set([...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((r) => r.id));
  for (const id of AXE_EXPERIMENTAL_RULES) expect(ran.has(id), `axe ran the experimental rule ${id}`).toBe(true);

  const { violations, incomplete } = results;
  await testInfo.attach(`axe-results ${what}.json`, {
    body: JSON.stringify({ url: page.url(), violations, incomplete }, null, 2),
    contentType: 'application/json',
  });
  const minor = violations.filter((v) => !BLOCKING_IMPACTS.has(v.impact ?? ''));
  if (minor.length > 0) {
    testInfo.annotations.push({ type: 'axe (moderate/minor)', description: minor.map((v) => `${v.id}: ${v.nodes.length}`).join(', ') });
  }

  const blocking = violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
  (soft ? expect.soft : expect)(
    blocking.map((v) => `${v.id} (${v.nodes.length})`),
    `axe found serious or critical violations on ${what}:\n\n${describeViolations(blocking)}\n`,
  ).toEqual([]);
}
