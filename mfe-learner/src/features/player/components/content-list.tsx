import { bareList, theme } from '@liveedu/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  type ItemKind,
  KIND_NAMES,
  kindOf,
  LOCKED_MESSAGE,
  type PlayerItem,
  sectionCount,
} from '../api/items.ts';

export interface Position {
  section: number;
  item: number;
}

const KIND_ICONS: Record<ItemKind, string> = {
  video: '▶',
  article: '¶',
  quiz: '?',
  assignment: '✎',
};

/** A padlock drawn, not a character: an emoji needs a font the page may not have. */
function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2M3.5 7h9v7h-9z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const List = styled.ol`
  ${bareList}
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  overflow: hidden;
  > li + li { border-top: 1px solid ${theme.colors.border}; }
  .section {
    display: flex; justify-content: space-between; align-items: center; gap: 0.5rem; width: 100%;
    padding: 0.75rem 1rem; border: 0; background: #f3f4f6; font-weight: 700; text-align: left;
    cursor: pointer; color: ${theme.colors.ink};
  }
  .section small { font-weight: 500; color: ${theme.colors.muted}; white-space: nowrap; }
  ul { list-style: none; margin: 0; padding: 0.25rem 0; }
  .row { display: flex; align-items: center; padding-left: 1rem; }
  .row:hover { background: #f9fafb; }
  .kind {
    flex: none; display: inline-flex; align-items: center; justify-content: center; width: 1.5rem; height: 1.5rem;
    border-radius: 50%; background: #eef2ff; color: ${theme.colors.primaryDark}; font-size: 0.75rem; font-weight: 700;
  }
  .video {
    flex: 1; display: block; min-width: 0; text-align: left; padding: 0.55rem 1rem 0.55rem 0.5rem; border: 0;
    background: transparent; cursor: pointer; color: ${theme.colors.ink}; overflow-wrap: anywhere;
  }
  .video[aria-disabled='true'] { color: ${theme.colors.muted}; cursor: not-allowed; }
  .lock { flex: none; display: inline-flex; margin-right: 1rem; color: ${theme.colors.muted}; }
  .done { color: #15803d; font-weight: 700; }
  .row:has(.video[aria-current='true']) { background: #eef2ff; }
  .video[aria-current='true'] { color: ${theme.colors.primaryDark}; font-weight: 700; }
  .notice { display: block; margin: 0 1rem 0.5rem 3rem; color: ${theme.colors.warning}; font-size: 0.9rem; }
`;

/**
 * Sections with their items, each marked with its kind; a section opens to show its items, the
 * one shown is marked, and an item a sequential course keeps locked says why it cannot open.
 */
export function ContentList({
  sections,
  current,
  onSelect,
  completed = new Set(),
}: {
  sections: PlayerItem[][];
  current: Position;
  onSelect: (position: Position) => void;
  /** The ids of the items the student completed. */
  completed?: ReadonlySet<string>;
}) {
  const [open, setOpen] = useState<Set<number>>(() => new Set([current.section]));
  const [refused, setRefused] = useState<string | null>(null);
  // The section of the item being shown is always open.
  useEffect(
    () => setOpen((o) => (o.has(current.section) ? o : new Set(o).add(current.section))),
    [current.section],
  );
  const toggle = (i: number) =>
    setOpen((o) => {
      const next = new Set(o);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <nav aria-label="Course content">
      <List>
        {sections.map((section, s) => {
          const title = section[0]?.sectionTitle || `Section ${s + 1}`;
          const expanded = open.has(s);
          const panelId = `section-panel-${s}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id and keep their order
            <li key={s}>
              <button
                type="button"
                className="section"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(s)}
              >
                <span>{title}</span>
                <small>
                  {sectionCount(section)} {expanded ? '▲' : '▼'}
                </small>
              </button>
              {expanded ? (
                <ul id={panelId}>
                  {section.map((item, i) => {
                    const kind = kindOf(item);
                    const noticeId = `locked-${item._id}`;
                    return (
                      <li key={item._id}>
                        <div className="row">
                          <span
                            className="kind"
                            role="img"
                            aria-label={KIND_NAMES[kind]}
                            title={KIND_NAMES[kind]}
                          >
                            {KIND_ICONS[kind]}
                          </span>
                          <button
                            type="button"
                            className="video"
                            aria-current={current.section === s && current.item === i}
                            aria-disabled={item.locked ? true : undefined}
                            aria-describedby={item.locked ? noticeId : undefined}
                            title={item.locked ? LOCKED_MESSAGE : undefined}
                            onClick={() => {
                              if (item.locked) setRefused(item._id);
                              else {
                                setRefused(null);
                                onSelect({ section: s, item: i });
                              }
                            }}
                          >
                            {completed.has(item._id) ? (
                              <span className="done">
                                ✓<span className="visually-hidden"> completed:</span>{' '}
                              </span>
                            ) : null}
                            {item.videoTitle}
                          </button>
                          {item.locked ? (
                            <span className="lock" role="img" aria-label="Locked" title={LOCKED_MESSAGE}>
                              <LockIcon />
                            </span>
                          ) : null}
                        </div>
                        {item.locked ? (
                          <span id={noticeId} className={refused === item._id ? 'notice' : 'visually-hidden'}>
                            {LOCKED_MESSAGE}
                          </span>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          );
        })}
      </List>
      <p role="status" className="visually-hidden">
        {refused ? LOCKED_MESSAGE : ''}
      </p>
    </nav>
  );
}
