import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use, type EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the dashboard draws, so the rest of ECharts stays out of its chunk (decision 042). The
// SVG renderer needs no eval and leaves readable elements for tests and zooming browsers.
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** One ECharts chart; `label` is what a screen reader hears instead of the drawing. */
export function EChart(props: { option: EChartsCoreOption; height: number; label: string; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { option } = props;
  useEffect(() => {
    const chart = init(ref.current!, undefined, { renderer: 'svg' });
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(ref.current!);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <div ref={ref} role="img" aria-label={props.label} data-testid={props.testId} style={{ height: props.height, width: '100%' }} />;
}
