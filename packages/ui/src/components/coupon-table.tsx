import { type Coupon, messageOf } from '@liveedu/api-client';
import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { couponDiscount, couponUses, couponWindow } from '../coupons.ts';
import { theme } from '../theme.ts';
import { type Column, DataTable } from './data-table.tsx';

const Switch = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  cursor: pointer;
  white-space: nowrap;
  input { width: 1.1rem; height: 1.1rem; accent-color: ${theme.colors.primary}; }
`;

const Problem = styled.p`
  color: ${theme.colors.danger};
  font-size: 0.85rem;
  margin: 0.3rem 0 0;
`;

const Code = styled.span`
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-weight: 600;
`;

/** A coupon's on/off switch: it shows the server's state, and why a change was refused. */
function ActiveSwitch({
  coupon,
  onToggle,
}: {
  coupon: Coupon;
  onToggle: (coupon: Coupon, active: boolean) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function toggle(active: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      await onToggle(coupon, active);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Switch>
        <input
          type="checkbox"
          role="switch"
          checked={coupon.active}
          aria-checked={coupon.active}
          disabled={busy}
          aria-label={`${coupon.code} active`}
          onChange={(e) => void toggle(e.target.checked)}
        />
        {coupon.active ? 'On' : 'Off'}
      </Switch>
      {problem ? <Problem role="alert">{problem}</Problem> : null}
    </>
  );
}

/**
 * Coupons with their code, what they apply to, the discount, when they work, the uses taken of
 * the limit and an on/off switch. `appliesTo` names the course (or the courses) of each.
 */
export function CouponTable({
  coupons,
  appliesTo,
  onToggle,
  caption = 'Coupons',
  emptyText = 'No coupons yet',
}: {
  coupons: Coupon[];
  appliesTo: (coupon: Coupon) => ReactNode;
  onToggle: (coupon: Coupon, active: boolean) => Promise<unknown>;
  caption?: string;
  emptyText?: string;
}) {
  const columns: Column<Coupon>[] = [
    { header: 'Code', cell: (c) => <Code>{c.code}</Code> },
    { header: 'Course', cell: appliesTo },
    { header: 'Discount', cell: couponDiscount },
    { header: 'Valid', cell: couponWindow },
    { header: 'Uses', cell: couponUses },
    { header: 'Per student', cell: (c) => c.perUser },
    // Keyed by its state, so a switch read again after a change starts afresh.
    { header: 'Active', cell: (c) => <ActiveSwitch key={String(c.active)} coupon={c} onToggle={onToggle} /> },
  ];
  return (
    <DataTable<Coupon>
      caption={caption}
      columns={columns}
      rows={coupons}
      rowKey={(c) => c._id}
      emptyText={emptyText}
    />
  );
}
