import type { PaymentRecord, TimePeriod } from '@liveedu/api-client';
import { Link } from 'react-router';
import { formatRupees } from '../text.ts';
import { type Column, DataTable, type TableFilter } from './data-table.tsx';

/** The order-history filter buttons; each id is the `timePeriod` the server understands. */
export const ORDER_HISTORY_FILTERS: (TableFilter & { id: TimePeriod })[] = [
  { id: 'past7days', label: '7 days' },
  { id: 'past28days', label: '28 days' },
  { id: 'today', label: 'Today' },
  { id: 'none', label: 'Clear filters' },
];

/** A payment's row key: its id, else its provider order id, else its place. */
export const orderRowKey = (r: Pick<PaymentRecord, '_id' | 'razorpay_order_id'>, i: number) =>
  r._id ?? r.razorpay_order_id ?? String(i);

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

export function formatOrderDate(createdAt: string): string {
  const d = new Date(createdAt);
  return Number.isNaN(d.getTime()) ? '-' : dateFormat.format(d);
}

/** The columns of an order's fields, by name, for the tables that list orders. */
export function orderColumns<Row extends PaymentRecord>() {
  return {
    orderId: { header: 'Order id', cell: (r) => r.razorpay_order_id || '-' },
    paymentId: { header: 'Payment id', cell: (r) => r.razorpay_payment_id || '-' },
    course: {
      header: 'Course',
      cell: (r) =>
        r.courseEnrolled ? (
          <Link to={`/viewCouse/${r.courseEnrolled._id}`}>{r.courseEnrolled.title}</Link>
        ) : (
          '-'
        ),
    },
    amount: { header: 'Amount', cell: (r) => formatRupees(r.amount) },
    /** The coupon a line was bought with, and the course's price before it ('-' without one). */
    coupon: { header: 'Coupon', cell: (r) => r.couponCode || '-' },
    listPrice: {
      header: 'List price',
      cell: (r) => (r.couponCode && typeof r.listPrice === 'number' ? formatRupees(r.listPrice) : '-'),
    },
    status: { header: 'Status', cell: (r) => (r.success ? 'Success' : 'Fail') },
    date: { header: 'Date', cell: (r) => formatOrderDate(r.createdAt) },
  } satisfies Record<string, Column<Row>>;
}

/** The order-history columns: Order id, Payment id, Course, Amount, Status, Date ('-' when missing). */
export function orderHistoryColumns<Row extends PaymentRecord>(): Column<Row>[] {
  const c = orderColumns<Row>();
  return [c.orderId, c.paymentId, c.course, c.amount, c.status, c.date];
}

/**
 * The order-history table with its filter buttons and the 'No Order History' empty text.
 * `leadingColumns` go before the standard ones (e.g. the buyer, in the admin's list of all users);
 * a list of orders in other columns (a tutor's sales) gives its own `columns` and `emptyText`.
 */
export function OrderHistoryTable<Row extends PaymentRecord>({
  rows,
  activeFilter,
  onFilter,
  leadingColumns = [],
  columns = [...leadingColumns, ...orderHistoryColumns<Row>()],
  caption = 'Order history',
  emptyText = 'No Order History',
}: {
  rows: Row[];
  activeFilter: TimePeriod;
  onFilter: (period: TimePeriod) => void;
  leadingColumns?: Column<Row>[];
  columns?: Column<Row>[];
  caption?: string;
  emptyText?: string;
}) {
  return (
    <DataTable<Row>
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={orderRowKey}
      filters={ORDER_HISTORY_FILTERS}
      activeFilter={activeFilter}
      onFilter={(id) => onFilter(id as TimePeriod)}
      emptyText={emptyText}
    />
  );
}
