import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// Only what report pages draw; SVG keeps labels as text (readable, selectable, testable).
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface ChartSeries {
  name: string;
  values: number[];
}

/** A bar, line or pie chart of labelled values; resizes with its container. */
export function Chart({ type, labels, series, height = 280 }: { type: 'bar' | 'line' | 'pie'; labels: string[]; series: ChartSeries[]; height?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chart = echarts.init(ref.current!, undefined, { renderer: 'svg' });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(ref.current!);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, []);
  useEffect(() => {
    const chart = echarts.getInstanceByDom(ref.current!);
    if (!chart) return;
    const option =
      type === 'pie'
        ? {
            tooltip: { trigger: 'item' },
            legend: { bottom: 0, type: 'scroll' },
            series: [{ type: 'pie', name: series[0]?.name, radius: ['35%', '65%'], data: labels.map((name, i) => ({ name, value: series[0]?.values[i] ?? 0 })) }],
          }
        : {
            tooltip: { trigger: 'axis' },
            legend: { bottom: 0 },
            grid: { left: 48, right: 16, top: 24, bottom: 56 },
            xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, rotate: labels.length > 8 ? 30 : 0 } },
            yAxis: { type: 'value' },
            series: series.map((s) => ({ type, name: s.name, data: s.values, smooth: type === 'line' })),
          };
    chart.setOption(option, true);
  }, [type, labels, series]);
  return <div ref={ref} style={{ width: '100%', height }} />;
}
