import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCompact, formatCount } from '@/lib/format';
import { CHART_COLORS, seriesColor, type TCartesianChartProps, type TChartDatum } from './chart-types';

/*
 * The recharts code of the line and bar charts. Loaded lazily (see index.tsx), so recharts is fetched with the
 * first chart on screen, not with the app.
 */

const tick = { fill: CHART_COLORS.axis, fontSize: 12 };
const tooltipStyle = {
  contentStyle: {
    background: 'var(--color-surface)',
    border: '1px solid var(--color-border)',
    borderRadius: 'var(--radius-md)',
    color: 'var(--color-fg)',
    fontSize: 12,
  },
  labelStyle: { color: 'var(--color-fg)', fontWeight: 600 },
};

function useAxes<T extends TChartDatum>(props: TCartesianChartProps<T>) {
  const { series, axisFormat = formatCompact, categoryFormat, valueLabel, categoryLabel } = props;
  const tickFormat = props.tickFormat ?? categoryFormat;
  const formatters = new Map(series.map((s) => [s.label, s.format ?? formatCount]));
  const tooltip = (
    <Tooltip
      {...tooltipStyle}
      labelFormatter={(label) => (categoryFormat ? categoryFormat(String(label)) : String(label))}
      formatter={(value, name) => [(formatters.get(String(name)) ?? formatCount)(Number(value)), name]}
    />
  );
  const xAxis = (
    <XAxis
      dataKey={props.categoryKey}
      tick={tick}
      tickLine={false}
      axisLine={{ stroke: CHART_COLORS.grid }}
      tickFormatter={tickFormat ? (v) => tickFormat(String(v)) : undefined}
      label={categoryLabel ? { value: categoryLabel, position: 'bottom', offset: 0, fill: CHART_COLORS.axis, fontSize: 12 } : undefined}
      interval="preserveStartEnd"
    />
  );
  const yAxis = (
    <YAxis
      tick={tick}
      tickLine={false}
      axisLine={false}
      width={56}
      tickFormatter={(v) => axisFormat(Number(v))}
      label={valueLabel ? { value: valueLabel, angle: -90, position: 'insideLeft', fill: CHART_COLORS.axis, fontSize: 12, dy: 40 } : undefined}
    />
  );
  const legend = series.length > 1 ? <Legend verticalAlign="top" align="right" height={28} wrapperStyle={{ fontSize: 12 }} /> : null;
  return { tooltip, xAxis, yAxis, legend };
}

/** Room under the category axis for its title. */
function marginOf<T extends TChartDatum>(props: TCartesianChartProps<T>) {
  return { top: 8, right: 16, bottom: props.categoryLabel ? 20 : 0, left: 0 };
}

export function LineChartImpl<T extends TChartDatum>(props: TCartesianChartProps<T>) {
  const { tooltip, xAxis, yAxis, legend } = useAxes(props);
  return (
    <LineChart responsive data={props.data as T[]} style={{ width: '100%', height: props.height ?? 260 }} margin={marginOf(props)}>
      <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
      {xAxis}
      {yAxis}
      {tooltip}
      {legend}
      {props.series.map((s, i) => (
        <Line
          key={s.key}
          type="monotone"
          dataKey={s.key}
          name={s.label}
          stroke={seriesColor(s.color, i)}
          strokeWidth={2}
          dot={{ r: 3, fill: seriesColor(s.color, i) }}
          activeDot={{ r: 5 }}
          connectNulls
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}

export function BarChartImpl<T extends TChartDatum>(props: TCartesianChartProps<T>) {
  const { tooltip, xAxis, yAxis, legend } = useAxes(props);
  return (
    <BarChart responsive data={props.data as T[]} style={{ width: '100%', height: props.height ?? 260 }} margin={marginOf(props)}>
      <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
      {xAxis}
      {yAxis}
      {tooltip}
      {legend}
      {props.series.map((s, i) => (
        <Bar key={s.key} dataKey={s.key} name={s.label} fill={seriesColor(s.color, i)} radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false}>
          {props.barColors && props.series.length === 1 && props.data.map((_, j) => <Cell key={j} fill={props.barColors?.[j] ?? seriesColor(s.color, i)} />)}
        </Bar>
      ))}
    </BarChart>
  );
}
