import {
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';

export type TickPoint = { readonly timeMs: number; readonly price: string };

/** A small live line of the prices seen on the Seconds tab (lightweight-charts, loaded with this chunk only). */
export function TickChart({ points }: { points: readonly TickPoint[] }) {
  const host = useRef<HTMLDivElement | null>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Line'> | null>(null);

  useEffect(() => {
    if (!host.current) return;
    const created = createChart(host.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: '#8b93a6',
        fontSize: 10,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: 'rgba(139, 147, 166, 0.12)' } },
      timeScale: { timeVisible: true, secondsVisible: true, borderVisible: false },
      rightPriceScale: { borderVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    chart.current = created;
    series.current = created.addSeries(LineSeries, { color: '#f0b90b', lineWidth: 2 });
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    const line = series.current;
    if (!line) return;
    // One point per second: the chart's time scale is in whole seconds.
    const bySecond = new Map<number, number>();
    for (const point of points) bySecond.set(Math.floor(point.timeMs / 1000), Number(point.price));
    line.setData(
      [...bySecond.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([time, value]) => ({ time: time as UTCTimestamp, value })),
    );
    chart.current?.timeScale().fitContent();
  }, [points]);

  return <div className="op-chart" ref={host} data-testid="options-chart" />;
}
