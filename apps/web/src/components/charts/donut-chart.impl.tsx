import { Cell, Legend, Pie, PieChart, Tooltip } from 'recharts';
import { formatCount } from '@/lib/format';
import { seriesColor, type TDonutChartProps } from './chart-types';

/** The recharts code of the donut (share) chart; loaded lazily like the others. */
export function DonutChartImpl({ data, format = formatCount, height = 260 }: TDonutChartProps) {
  const rows = data.map((d, i) => ({ name: d.label, value: d.value, fill: seriesColor(d.color, i) }));
  return (
    <PieChart responsive style={{ width: '100%', height }}>
      <Pie data={rows} dataKey="value" nameKey="name" innerRadius="55%" outerRadius="80%" paddingAngle={rows.length > 1 ? 2 : 0} isAnimationActive={false}>
        {rows.map((r) => (
          <Cell key={r.name} fill={r.fill} stroke="var(--color-surface)" />
        ))}
      </Pie>
      <Tooltip
        formatter={(value, name) => [format(Number(value)), name]}
        contentStyle={{ background: 'var(--color-surface)', border: '1px solid var(--color-border)', borderRadius: 'var(--radius-md)', fontSize: 12 }}
      />
      <Legend itemSorter={null} wrapperStyle={{ fontSize: 12 }} formatter={(name: string) => <span style={{ color: 'var(--color-fg-muted)' }}>{name}</span>} />
    </PieChart>
  );
}
