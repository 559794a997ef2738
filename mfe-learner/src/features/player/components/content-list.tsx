import type { CourseSection } from '@liveedu/api-client';
import { theme } from '@liveedu/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';

export interface Position {
  section: number;
  item: number;
}

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
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
  .video {
    display: block; width: 100%; text-align: left; padding: 0.55rem 1rem 0.55rem 1.5rem; border: 0;
    background: transparent; cursor: pointer; color: ${theme.colors.ink};
  }
  .video:hover { background: #f9fafb; }
  .done { color: #16a34a; font-weight: 700; }
  .video[aria-current='true'] { background: #eef2ff; color: ${theme.colors.primaryDark}; font-weight: 700; }
`;

/** Sections with their video titles; a section opens to show its videos, the playing one is marked. */
export function ContentList({
  sections,
  current,
  onSelect,
  completed = new Set(),
}: {
  sections: CourseSection[];
  current: Position;
  onSelect: (position: Position) => void;
  /** The ids of the items the student completed. */
  completed?: ReadonlySet<string>;
}) {
  const [open, setOpen] = useState<Set<number>>(() => new Set([current.section]));
  // The section of the video being played is always open.
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
                  {section.length} video{section.length === 1 ? '' : 's'} {expanded ? '▲' : '▼'}
                </small>
              </button>
              {expanded ? (
                <ul id={panelId}>
                  {section.map((item, i) => (
                    <li key={item._id}>
                      <button
                        type="button"
                        className="video"
                        aria-current={current.section === s && current.item === i}
                        onClick={() => onSelect({ section: s, item: i })}
                      >
                        {completed.has(item._id) ? (
                          <span className="done">
                            ✓<span className="visually-hidden"> completed:</span>{' '}
                          </span>
                        ) : null}
                        {item.videoTitle}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </List>
    </nav>
  );
}
