import { Component, lazy, type ReactNode, Suspense } from 'react';
import { Loading } from './loading.tsx';
import { ErrorState } from './states.tsx';

// apexcharts is large: it is fetched only when a chart is on screen.
const ReactApexChart = lazy(() => import('react-apexcharts'));

export interface ChartSeries {
  name: string;
  data: number[];
}

class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <ErrorState message="The chart could not be drawn." />;
    return this.props.children;
  }
}

/** A line or bar chart over apexcharts with a label for assistive technology. */
export function Chart({
  type,
  title,
  categories,
  series,
  height = 300,
}: {
  type: 'line' | 'bar' | 'area';
  title: string;
  categories: string[];
  series: ChartSeries[];
  height?: number;
}) {
  return (
    <figure style={{ margin: 0 }} aria-label={title}>
      <figcaption style={{ fontWeight: 600, marginBottom: '0.5rem' }}>{title}</figcaption>
      <ChartBoundary>
        <Suspense fallback={<Loading label="Loading chart…" />}>
          <ReactApexChart
            type={type}
            height={height}
            series={series}
            options={{
              chart: { id: title, toolbar: { show: false }, zoom: { enabled: false } },
              xaxis: { categories },
              stroke: { curve: 'smooth', width: type === 'bar' ? 0 : 3 },
              dataLabels: { enabled: false },
              colors: ['#4f46e5', '#16a34a'],
            }}
          />
        </Suspense>
      </ChartBoundary>
    </figure>
  );
}
