import { messageOf } from '@liveedu/api-client';
import type { PagedList } from '@liveedu/query';
import { Banner, EmptyState, gridList, raisedPanel, theme } from '@liveedu/ui';
import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { PageFrame } from './page-frame.tsx';
import { PagedListView } from './paged-list-view.tsx';

const List = styled.ul`
  ${gridList({})}
`;

/** A card of a decision queue: a header (title and state), the facts as a definition list, the actions. */
export const DecisionCard = styled.article`
  ${raisedPanel}
  padding: 1rem 1.25rem;
  header { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; justify-content: space-between; }
  header h2 { font-size: 1.1rem; margin: 0; }
  dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.3rem 1rem; margin: 0.85rem 0; }
  dt { color: ${theme.colors.muted}; font-weight: 500; }
  dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
  .actions { display: flex; gap: 0.5rem; }
`;

/**
 * A card's decision on its way: `send(action, work)` says which action is being sent while `work`
 * runs, and keeps the server's refusal as `problem` for the card to show.
 */
export function useDecision<Action extends string>() {
  const [sending, setSending] = useState<Action | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (action: Action, work: () => Promise<unknown>) => {
    setSending(action);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setSending(null);
    }
  };
  return { sending, problem, send };
}

/**
 * A page of what waits for the admin's decision (refund requests, reported posts): its filter, the
 * outcome of the last decision, and the cards a page at a time, or `empty` when there are none.
 * A card is drawn again when its item's status changes.
 */
export function DecisionQueue<Item extends { _id: string; status: string }>({
  title,
  filter,
  outcome,
  list,
  what,
  empty,
  label,
  children: card,
}: {
  title: string;
  filter: ReactNode;
  outcome: string | null;
  list: PagedList<Item> & { loadMore: () => void; reload: () => void };
  /** What is listed, as the labels say it ("the reports"). */
  what: string;
  empty: string;
  /** The list's accessible name. */
  label: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <PageFrame title={title}>
      {filter}
      {outcome ? <Banner tone="success">{outcome}</Banner> : null}
      <PagedListView list={list} what={what}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState message={empty} />
          ) : (
            <List aria-label={label}>
              {items.map((item) => (
                <li key={`${item._id}:${item.status}`}>{card(item)}</li>
              ))}
            </List>
          )
        }
      </PagedListView>
    </PageFrame>
  );
}
