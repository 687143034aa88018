// Readings charts: <ReadingsChart> (chart.js, loaded lazily) and the pure helpers that feed it.
export { ReadingsChart, windowText } from "./ReadingsChart.tsx";
export type { ReadingsChartProps } from "./ReadingsChart.tsx";
export {
  formatNumber,
  parseUtc,
  pointTime,
  readingValue,
  readingsToPoints,
  rollupsToPoints,
  MARK_STYLES,
  summarise,
  tickLabel,
  timeTicks,
} from "./series.ts";
export type { ChartBand, ChartLine, ChartMark, ChartPoint, ReadingRow, RollupLine, RollupSummary, Summary } from "./series.ts";
