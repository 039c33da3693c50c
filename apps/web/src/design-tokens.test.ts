import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md: contrast AA. Components only use the tokens of index.css, so checking the tokens' pairs here holds for
 * every screen: text at 4.5:1 at least on each surface it sits on, icons and other graphics at 3:1 (WCAG 1.4.3, 1.4.11).
 */

const css = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'index.css'), 'utf8');

type TOklch = [l: number, c: number, h: number];

function token(name: string): TOklch {
  if (name === 'white') return [1, 0, 0];
  const m = new RegExp(`--color-${name}:\\s*oklch\\(([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)\\)`).exec(css);
  if (!m) throw new Error(`index.css has no oklch token --color-${name}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** OKLCH → linear sRGB (Björn Ottosson's matrices), clipped to the gamut as a browser shows it. */
function linearRgb([l, c, h]: TOklch): [number, number, number] {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l3 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m3 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s3 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (x: number) => Math.min(1, Math.max(0, x));
  return [
    clip(4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3),
    clip(-1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3),
    clip(-0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3),
  ];
}

function luminance(color: TOklch): number {
  const [r, g, b] = linearRgb(color);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(fg: string, bg: string): number {
  const [hi, lo] = [luminance(token(fg)), luminance(token(bg))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Where text sits: the page, cards, hovered/striped rows, and the tinted panels of badges, alerts and selections. */
const SURFACES = ['surface', 'canvas', 'subtle', 'brand-50', 'success-50', 'warning-50', 'danger-50', 'info-50'];

describe('design tokens: contrast', () => {
  it('computes what axe measured in Chromium: the old footer grey oklch(0.58 0.015 265), #767a84, at 4.29:1 on white', () => {
    expect(((1 + 0.05) / (luminance([0.58, 0.015, 265]) + 0.05)).toFixed(2)).toBe('4.29');
  });

  it.each(['fg', 'fg-muted', 'fg-subtle', 'brand-600', 'brand-700', 'danger-600', 'danger-700', 'success-700', 'warning-700', 'info-700'])(
    'text %s reads at 4.5:1 on every surface',
    (fg) => {
      for (const bg of SURFACES) expect(contrast(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['brand-600', 'brand-700', 'danger-600', 'danger-700', 'inverse'])('white text reads at 4.5:1 on %s (buttons, badges)', (bg) => {
    expect(contrast('white', bg)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['success-600', 'warning-600', 'info-600', 'danger-600', 'brand-600'])('icons in %s show at 3:1 on white and on their tint', (fg) => {
    const tint = fg.replace('600', '50');
    expect(contrast(fg, 'surface')).toBeGreaterThanOrEqual(3);
    expect(contrast(fg, tint)).toBeGreaterThanOrEqual(3);
  });
});
