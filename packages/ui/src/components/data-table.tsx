import type { ReactNode } from 'react';
import styled from 'styled-components';
import { flatPanel } from '../layout.ts';
import { theme } from '../theme.ts';
import { ToggleButtons } from './toggle-buttons.tsx';

const Wrap = styled.div`
  overflow-x: auto;
  ${flatPanel}
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.92rem;
  th, td { text-align: left; padding: 0.6rem 0.8rem; border-bottom: 1px solid ${theme.colors.border}; }
  th { background: #f3f4f6; font-weight: 600; white-space: nowrap; }
`;

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

export interface TableFilter {
  id: string;
  label: string;
}

/** A table with optional filter buttons above it; the filter state lives with the caller. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  filters,
  activeFilter,
  onFilter,
  emptyText,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  filters?: TableFilter[];
  activeFilter?: string;
  onFilter?: (id: string) => void;
  emptyText: string;
}) {
  return (
    <div>
      {filters && onFilter ? (
        <ToggleButtons
          role="toolbar"
          label="Filters"
          options={filters}
          active={activeFilter}
          onChange={onFilter}
        />
      ) : null}
      <Wrap>
        <Table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>{emptyText}</td>
              </tr>
            ) : (
              rows.map((row, i) => (
                <tr key={rowKey(row, i)}>
                  {columns.map((c) => (
                    <td key={c.header}>{c.cell(row)}</td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </Wrap>
    </div>
  );
}
