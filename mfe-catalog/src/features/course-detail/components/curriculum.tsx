import type { CourseDetails } from '@liveedu/api-client';
import { Button, bareList, Loading, Modal, theme } from '@liveedu/ui';
import { clockOf } from '@liveedu/video';
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import type { PreviewItem } from './preview-player.tsx';

export { clockOf };

// The player (and hls.js) load only when a visitor opens a preview.
const PreviewPlayer = lazy(() => import(/* webpackChunkName: "course-preview" */ './preview-player.tsx'));

type Section = CourseDetails['courseContent'][number];

/** A section's or a course's total length in words: `45 min`, `1 h 5 min`; under a minute, `1 min`. */
export function lengthOf(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const lectures = (n: number) => `${n} ${n === 1 ? 'lecture' : 'lectures'}`;
const totalSeconds = (items: Section) => items.reduce((sum, item) => sum + (item.durationSec ?? 0), 0);

/** "3 sections · 12 lectures · 2 h 5 min" (the length only when some video has one). */
export function courseSummary(content: CourseDetails['courseContent']): string {
  const items = content.flat();
  const seconds = totalSeconds(items);
  const parts = [
    `${content.length} ${content.length === 1 ? 'section' : 'sections'}`,
    lectures(items.length),
  ];
  if (seconds > 0) parts.push(lengthOf(seconds));
  return parts.join(' · ');
}

const Sections = styled.ol`
  ${bareList}
  display: grid;
  gap: 0.5rem;
  details { border: 1px solid ${theme.colors.border}; border-radius: 8px; background: ${theme.colors.surface}; }
  summary {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0.25rem 1rem;
    padding: 0.75rem 1rem;
    cursor: pointer;
  }
  summary small { color: ${theme.colors.muted}; }
  ul { list-style: none; margin: 0; padding: 0 1rem 0.75rem; display: grid; gap: 0.4rem; }
  li li { display: flex; justify-content: space-between; align-items: center; gap: 1rem; }
  li li span:first-child { flex: 1; }
  li li time { color: ${theme.colors.muted}; font-variant-numeric: tabular-nums; }
`;

/**
 * The course's sections: each names its first item's section and video title (as the page always
 * has), with how many lectures it holds and how long they run; opened, each lecture and its length,
 * and a free preview plays for anyone.
 */
export function Curriculum({ content }: { content: CourseDetails['courseContent'] }) {
  const [previewing, setPreviewing] = useState<PreviewItem | null>(null);
  return (
    <>
      <Modal
        open={previewing !== null}
        title={`Preview: ${previewing?.videoTitle ?? ''}`}
        onClose={() => setPreviewing(null)}
      >
        {previewing ? (
          <Suspense fallback={<Loading label="Loading the preview…" />}>
            <PreviewPlayer item={previewing} />
          </Suspense>
        ) : null}
      </Modal>
      <p>{courseSummary(content)}</p>
      <Sections>
        {content.map((section, i) => {
          const first = section[0];
          const seconds = totalSeconds(section);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id and never reorder here
            <li key={i}>
              <details open={i === 0}>
                <summary>
                  <span>
                    <strong>{first?.sectionTitle}</strong>
                    {first?.videoTitle ? <> — {first.videoTitle}</> : null}
                  </span>
                  <small>
                    {lectures(section.length)}
                    {seconds > 0 ? ` · ${lengthOf(seconds)}` : ''}
                  </small>
                </summary>
                <ul>
                  {section.map((item) => (
                    <li key={item._id}>
                      <span>{item.videoTitle}</span>
                      {item.preview ? (
                        <Button
                          type="button"
                          $variant="ghost"
                          aria-label={`Preview ${item.videoTitle}`}
                          onClick={() => setPreviewing(item)}
                        >
                          Preview
                        </Button>
                      ) : null}
                      {item.durationSec ? (
                        <time dateTime={`PT${Math.round(item.durationSec)}S`}>
                          {clockOf(item.durationSec)}
                        </time>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          );
        })}
      </Sections>
    </>
  );
}
