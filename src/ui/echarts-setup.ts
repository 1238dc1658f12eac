/**
 * ECharts with only the pieces this app draws (bar, line and pie charts; grid, tooltip, legend,
 * title, dataset and aria components; the SVG renderer, light on phones). Loaded on demand by
 * `chart.tsx`, so ECharts is its own chunk and never part of the shell.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  AriaComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  AriaComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  SVGRenderer,
]);

export const init = echarts.init;
