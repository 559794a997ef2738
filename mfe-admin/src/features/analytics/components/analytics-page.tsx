import { useApiQuery } from '@liveedu/query';
import { Chart, raisedPanel } from '@liveedu/ui';
import styled from 'styled-components';
import { PageFrame } from '../../../shared/components/page-frame.tsx';
import { ResourceView } from '../../../shared/components/resource-view.tsx';
import { useAdminApi } from '../../../shared/hooks/admin-api.ts';
import { ANALYTICS_CHARTS, type AnalyticsChart } from '../api/analytics.ts';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1.25rem;
`;

const Panel = styled.div`
  ${raisedPanel}
  padding: 1rem 1.25rem;
  min-height: 360px;
`;

/** One chart with its own loading and error state, so one failed call leaves the others drawn. */
function ChartPanel({ chart }: { chart: AnalyticsChart }) {
  const api = useAdminApi();
  const data = useApiQuery(['admin', 'analytics', chart.id], () => chart.load(api));
  return (
    <Panel data-chart={chart.id}>
      <ResourceView resource={data} what={`“${chart.title}”`}>
        {(d) => (
          <Chart
            type={chart.type}
            title={chart.title}
            categories={d.categories}
            series={[{ name: chart.seriesName, data: d.values }]}
          />
        )}
      </ResourceView>
    </Panel>
  );
}

/** /dashboard/analytics: sign-ups and new courses, by day over 28 days and by month. */
export function AnalyticsPage() {
  return (
    <PageFrame title="Analytics">
      <Grid>
        {ANALYTICS_CHARTS.map((chart) => (
          <ChartPanel key={chart.id} chart={chart} />
        ))}
      </Grid>
    </PageFrame>
  );
}
