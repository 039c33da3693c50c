/** What every chart of components/charts takes (kept apart from the recharts code, which loads lazily). */

/** Colours of the design tokens (index.css), for SVG fills and strokes; never raw colour values. */
export const CHART_COLORS = {
  brand: 'var(--color-brand-600)',
  info: 'var(--color-info-600)',
  success: 'var(--color-success-600)',
  warning: 'var(--color-warning-600)',
  danger: 'var(--color-danger-600)',
  neutral: 'var(--color-fg-subtle)',
  grid: 'var(--color-border)',
  axis: 'var(--color-fg-muted)',
} as const;

/** Series colours in order: the brand first, then the semantic hues. */
export const SERIES_PALETTE = [CHART_COLORS.brand, CHART_COLORS.info, CHART_COLORS.success, CHART_COLORS.warning, CHART_COLORS.neutral] as const;

export type TChartValue = string | number | null | undefined;

/** A row of chart data: the category (x axis, or the slice) and one value per series. */
export type TChartDatum = Record<string, TChartValue>;

export interface TChartSeries<T extends TChartDatum> {
  /** The field of each row holding this series' values. */
  key: Extract<keyof T, string>;
  /** Legend, tooltip and table header. */
  label: string;
  /** A token colour (CHART_COLORS); default: the palette in order. */
  color?: string;
  /** Exact value in tooltips and the data table (default: the number with thousands separators). */
  format?: (value: number) => string;
}

export interface TCartesianChartProps<T extends TChartDatum> {
  data: readonly T[];
  /** The field naming each row (month, account, platform). */
  categoryKey: Extract<keyof T, string>;
  series: readonly TChartSeries<T>[];
  /** Tick labels of the value axis (default K/M abbreviations). */
  axisFormat?: (value: number) => string;
  /** Tick labels of the category axis (e.g. 'Mar 25' for '2025-03'). */
  categoryFormat?: (value: string) => string;
  /** Tick labels of the category axis only, when they must be shorter than in the table (default categoryFormat). */
  tickFormat?: (value: string) => string;
  /** The value axis' title. */
  valueLabel?: string;
  /** The category axis' title. */
  categoryLabel?: string;
  height?: number;
  /** Bar charts of one series: a token colour per category (e.g. the benchmark in a neutral colour). */
  barColors?: readonly string[];
}

export interface TSlice {
  label: string;
  value: number;
  color?: string;
}

export interface TDonutChartProps {
  data: readonly TSlice[];
  /** Exact value in tooltips, legend and the data table. */
  format?: (value: number) => string;
  height?: number;
}

export const seriesColor = (color: string | undefined, index: number): string =>
  color ?? SERIES_PALETTE[index % SERIES_PALETTE.length] ?? CHART_COLORS.brand;

export function numberOf(value: TChartValue): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
