import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import {
  Chart,
  ErrorState,
  formatRupees,
  Loading,
  raisedPanel,
  Skeleton,
  ToggleButtons,
  theme,
} from '@liveedu/ui';
import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { Panel } from '../../../shared/components/page.tsx';
import { DropOffReport } from './drop-off-report.tsx';

const Figures = styled.dl`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  margin: 0 0 2rem;
  div {
    ${raisedPanel}
    padding: 1rem 1.25rem;
  }
  dt { color: ${theme.colors.muted}; font-weight: 600; }
  dd { margin: 0.25rem 0 0; font-size: 1.6rem; font-weight: 700; }
`;

const ChartBox = styled.div`
  ${raisedPanel}
  padding: 1rem 1.25rem;
`;

export const RANGES = [
  { id: '7', label: '7 days' },
  { id: '28', label: '28 days' },
  { id: '365', label: '365 days' },
] as const;
type Range = (typeof RANGES)[number]['id'];

/** The tutor's total, month and week earnings, each a named placeholder while it loads. */
export function EarningsReport() {
  const api = useApi();
  const figures = useApiQuery(['tutor', 'earnings'], () =>
    Promise.all([api.totalIncomeTutor(), api.last28DaysEarning(), api.last7DaysEarning()]).then(
      ([total, month, week]) => ({ total: total.earning, month: month.earning, week: week.earning }),
    ),
  );
  if (figures.status === 'error') return <ErrorState message={figures.error} onRetry={figures.reload} />;
  const value = (n: number | undefined) =>
    figures.status === 'ready' ? (
      formatRupees(n)
    ) : (
      <Skeleton $height="2rem" role="img" aria-label="Loading" />
    );
  return (
    <Figures aria-label="Earnings report" aria-busy={figures.status === 'loading'}>
      <div>
        <dt>Total Earnings</dt>
        <dd>{value(figures.data?.total)}</dd>
      </div>
      <div>
        <dt>This month</dt>
        <dd>{value(figures.data?.month)}</dd>
      </div>
      <div>
        <dt>This week</dt>
        <dd>{value(figures.data?.week)}</dd>
      </div>
    </Figures>
  );
}

function IncomeChart() {
  const api = useApi();
  const [range, setRange] = useState<Range>('7');
  const income = useApiQuery(['tutor', 'income', range], () => api.incomeAnalytics(range));
  const label = RANGES.find((r) => r.id === range)?.label ?? '';
  let chart: ReactNode;
  if (income.status === 'loading') chart = <Loading label="Loading the income chart…" />;
  else if (income.status === 'error')
    // The spec only logs chart failures; the range buttons stay so another range can be tried.
    chart = <ErrorState message="The income chart could not be loaded." onRetry={income.reload} />;
  else
    chart = (
      <Chart
        type="line"
        title={`Income in the last ${label}`}
        categories={income.data.labels ?? []}
        series={[{ name: 'Income (₹)', data: income.data.income ?? [] }]}
      />
    );
  return (
    <ChartBox>
      <ToggleButtons label="Income range" options={RANGES} active={range} onChange={setRange} />
      {chart}
    </ChartBox>
  );
}

/** Tutor analytics: the earnings report, the income line chart and where students drop off. */
export function AnalyticsPage() {
  return (
    <Panel>
      <h2>Earnings report</h2>
      <EarningsReport />
      <h2>Income</h2>
      <IncomeChart />
      <h2>Where students drop off</h2>
      <DropOffReport />
    </Panel>
  );
}
