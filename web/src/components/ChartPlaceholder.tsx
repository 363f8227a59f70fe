import { LoadingBlock } from './LoadingBlock';

/** MUI X draws a chart's legend, one row of series names, above the height given to the chart. */
const LEGEND_ROW_HEIGHT = 29;

/** Where a chart with a legend will be drawn, while its code downloads: the same height, legend included. */
export function ChartPlaceholder({ height }: { height: number }) {
  return <LoadingBlock height={height + LEGEND_ROW_HEIGHT} label="Loading the chart" />;
}
