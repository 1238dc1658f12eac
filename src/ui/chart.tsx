/**
 * A chart drawn by ECharts, loaded only when a screen shows one. `option` is a plain ECharts
 * option (series, axes…; texts already translated). While ECharts loads the box keeps its
 * height; if it cannot load or draw (old phone, test DOM) the box says so and the screen goes on
 * — every figure a chart shows must also be readable elsewhere on its screen.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';

export type ChartOption = EChartsCoreOption;

export interface ChartProps {
  option: ChartOption;
  /** Accessible name of the chart (already translated). */
  label: string;
  /** CSS height of the drawing area. */
  height?: number | string;
  className?: string;
}

type ChartState = 'loading' | 'ready' | 'failed';

export function Chart({ option, label, height = 320, className }: ChartProps) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const [state, setState] = useState<ChartState>('loading');

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    import('#ui/echarts-setup.ts')
      .then(({ init }) => {
        const box = boxRef.current;
        if (disposed || !box) return;
        const chart = init(box, undefined, { renderer: 'svg' });
        chartRef.current = chart;
        setState('ready');
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart.resize());
          observer.observe(box);
        }
      })
      .catch(() => {
        if (!disposed) setState('failed');
      });
    return () => {
      disposed = true;
      observer?.disconnect();
      chartRef.current?.dispose();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
    if (state !== 'ready' || !chart) return;
    try {
      chart.setOption({ aria: { enabled: true }, ...option }, true);
    } catch {
      // A drawing failure (e.g. no layout engine) is reported on the next frame, not mid-effect.
      const frame = requestAnimationFrame(() => setState('failed'));
      return () => cancelAnimationFrame(frame);
    }
    return undefined;
  }, [option, state]);

  return (
    <figure className={['chart', className].filter(Boolean).join(' ')} aria-label={label}>
      <div ref={boxRef} className="chart-canvas" role="img" aria-label={label} style={{ height }} />
      {state === 'loading' && <p className="chart-note">{t('ui.chart.loading')}</p>}
      {state === 'failed' && <p className="chart-note">{t('ui.chart.unavailable')}</p>}
    </figure>
  );
}
