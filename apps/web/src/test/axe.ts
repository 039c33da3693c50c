/**
 * What the accessibility checks hold the product to, in the browser walks (e2e/axe.ts) and in component tests
 * (expectNoSeriousAxeViolations in jsdom): WCAG 2.1 A and AA plus axe's best practices (DESIGN.md: "axe reports no
 * serious or critical violations").
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Rules axe marks experimental, which no tag selects: enabled one by one. label-content-name-mismatch (WCAG 2.5.3,
 * "Label in Name"): a control's accessible name must contain the text it shows, so a voice-control user can say
 * what they see ("click Mark Paid").
 */
export const AXE_EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

/** The impacts that fail a check; moderate and minor findings are reported only. */
export const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * The component tests' axe check on what is rendered now: the serious and critical violations, one line each (rule
 * and elements), so `expect(...).toEqual([])` names them. Colour contrast is left to the browser walks: jsdom lays
 * nothing out and computes no colours.
 */
export async function seriousAxeViolations(root: Element = document.body): Promise<string[]> {
  const { default: axe } = await import('axe-core');
  const rules = Object.fromEntries([...AXE_EXPERIMENTAL_RULES.map((id) => [id, { enabled: true }]), ['color-contrast', { enabled: false }]]);
  const results = await axe.run(root, { runOnly: { type: 'tag', values: AXE_TAGS }, rules });
  return results.violations
    .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''))
    .map((v) => `${v.id} [${v.impact}] ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
