/** The lazily loaded chunk: everything that imports recharts. */
export { BarChartImpl, LineChartImpl } from './cartesian-chart.impl';
export { DonutChartImpl } from './donut-chart.impl';
