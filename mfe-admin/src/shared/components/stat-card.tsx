import { raisedPanel, theme } from '@liveedu/ui';
import styled from 'styled-components';

export const StatGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: 1rem;
`;

const Card = styled.div`
  ${raisedPanel}
  padding: 1.1rem 1.25rem;
  dt { color: ${theme.colors.muted}; font-weight: 500; }
  dd { margin: 0.35rem 0 0; font-size: 1.75rem; font-weight: 700; }
`;

/** A figure with its label, e.g. 'Total users' 12. */
export function StatCard({ label, value }: { label: string; value: string | number }) {
  return (
    <Card>
      <dl style={{ margin: 0 }} aria-label={label}>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </dl>
    </Card>
  );
}
