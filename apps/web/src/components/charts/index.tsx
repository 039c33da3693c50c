import { lazy, type ComponentType, type ReactNode } from 'react';
import { formatCount } from '@/lib/format';
import { ChartDataTable, ChartFigure } from './chart-figure';
import { numberOf, type TCartesianChartProps, type TChartDatum, type TDonutChartProps } from './chart-types';

export { CHART_COLORS, SERIES_PALETTE, type TChartSeries, type TSlice } from './chart-types';
export { ChartDataTable, ChartFigure } from './chart-figure';

/*
 * Charts (DESIGN.md: growth lines, engagement bars, platform share donut; axes labelled, K/M abbreviations, tooltips
 * with exact values). Each one is a titled figure with its data as a table; the drawing itself is recharts, loaded
 * lazily: the chart chunk is fetched when the first chart renders, so neither the app nor a section's own chunk
 * carries it.
 */

const LazyLine = lazy(() => import('./charts.impl').then((m) => ({ default: m.LineChartImpl as ComponentType<TCartesianChartProps<TChartDatum>> })));
const LazyBar = lazy(() => import('./charts.impl').then((m) => ({ default: m.BarChartImpl as ComponentType<TCartesianChartProps<TChartDatum>> })));
const LazyDonut = lazy(() => import('./charts.impl').then((m) => ({ default: m.DonutChartImpl })));

interface TFigureProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  /** What to say when there is no data (default 'No data for this period yet.'). */
  emptyText?: string;
  headingLevel?: 2 | 3;
  className?: string;
}

const DEFAULT_HEIGHT = 260;

function EmptyChart({ text, height }: { text: string; height: number }) {
  return (
    <p className="flex items-center justify-center rounded-lg bg-subtle px-4 text-center text-sm text-fg-muted" style={{ minHeight: Math.min(height, 160) }}>
      {text}
    </p>
  );
}

function cartesianTable<T extends TChartDatum>(title: string, props: TCartesianChartProps<T>) {
  const { data, categoryKey, series, categoryFormat, categoryLabel } = props;
  return (
    <ChartDataTable
      caption={title}
      head={[categoryLabel ?? 'Category', ...series.map((s) => s.label)]}
      rows={data.map((row) => [
        categoryFormat ? categoryFormat(String(row[categoryKey])) : String(row[categoryKey] ?? ''),
        ...series.map((s) => {
          const n = numberOf(row[s.key]);
          return n === null ? '—' : (s.format ?? formatCount)(n);
        }),
      ])}
    />
  );
}

function makeCartesian(Impl: typeof LazyLine) {
  return function CartesianChart<T extends TChartDatum>(props: TCartesianChartProps<T> & TFigureProps) {
    const { title, description, action, emptyText, headingLevel, className, ...chart } = props;
    const height = chart.height ?? DEFAULT_HEIGHT;
    return (
      <ChartFigure
        title={title}
        description={description}
        action={action}
        headingLevel={headingLevel}
        className={className}
        height={height}
        empty={chart.data.length === 0 ? <EmptyChart text={emptyText ?? 'No data for this period yet.'} height={height} /> : undefined}
        chart={<Impl {...(chart as unknown as TCartesianChartProps<TChartDatum>)} />}
        table={cartesianTable(title, chart)}
      />
    );
  };
}

/** A line chart (growth over time). */
export const LineChart = makeCartesian(LazyLine);
/** A bar chart (comparisons: per account, per platform, against a benchmark). */
export const BarChart = makeCartesian(LazyBar);

/** A donut of shares (platform distribution); the table also gives each slice's percentage. */
export function DonutChart(props: TDonutChartProps & TFigureProps) {
  const { title, description, action, emptyText, headingLevel, className, ...chart } = props;
  const height = chart.height ?? DEFAULT_HEIGHT;
  const format = chart.format ?? formatCount;
  const total = chart.data.reduce((sum, d) => sum + d.value, 0);
  return (
    <ChartFigure
      title={title}
      description={description}
      action={action}
      headingLevel={headingLevel}
      className={className}
      height={height}
      empty={total === 0 ? <EmptyChart text={emptyText ?? 'Nothing to show yet.'} height={height} /> : undefined}
      chart={<LazyDonut {...chart} />}
      table={
        <ChartDataTable
          caption={title}
          head={['Name', 'Value', 'Share']}
          rows={chart.data.map((d) => [d.label, format(d.value), `${total ? ((d.value / total) * 100).toFixed(1) : '0.0'}%`])}
        />
      }
    />
  );
}
