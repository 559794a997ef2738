import { EmptyState, flatPanel, theme } from '@liveedu/ui';
import type { VideoControl, VideoMarker } from '@liveedu/video';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { AnnouncementsPanel } from './announcements-panel.tsx';
import { QuestionsPanel } from './questions-panel.tsx';

const Panel = styled.section`
  ${flatPanel}
  padding: 1.25rem;
  h2 { margin: 0 0 0.75rem; font-size: 1.25rem; }
  [role='tablist'] { display: flex; gap: 0.25rem; border-bottom: 1px solid ${theme.colors.border}; margin-bottom: 1rem; }
  [role='tab'] {
    border: 0; border-bottom: 3px solid transparent; background: none; padding: 0.5rem 0.75rem;
    font-weight: 600; color: ${theme.colors.muted}; cursor: pointer;
  }
  [role='tab'][aria-selected='true'] { color: ${theme.colors.primaryDark}; border-bottom-color: ${theme.colors.primary}; }
`;

export type ConversationTab = 'questions' | 'announcements';

const TABS: readonly { id: ConversationTab; label: string }[] = [
  { id: 'questions', label: 'Questions' },
  { id: 'announcements', label: 'Announcements' },
];

/** What a link asks the conversation to show; a new `nonce` shows it again. */
export interface ConversationLink {
  tab: ConversationTab | null;
  questionId: string | null;
  nonce: number;
}

/**
 * The course's conversation beside the lesson: the questions about the lesson shown, and the
 * course's announcements, each a tab. A notification's link opens a tab, or a question's thread.
 */
export function CourseConversation({
  courseId,
  itemId,
  video,
  link,
  onMarkers,
}: {
  courseId: string;
  /** The lesson shown, when it may be opened (null: locked, or the course has none). */
  itemId: string | null;
  video?: RefObject<VideoControl | null>;
  link: ConversationLink;
  onMarkers: (markers: VideoMarker[]) => void;
}) {
  const [tab, setTab] = useState<ConversationTab>(link.tab ?? 'questions');
  const [pending, setPending] = useState(link.questionId);
  const seen = useRef(link.nonce);
  useEffect(() => {
    if (seen.current === link.nonce) return;
    seen.current = link.nonce;
    if (link.tab) setTab(link.tab);
    if (link.questionId) setPending(link.questionId);
  }, [link]);
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});

  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = TABS[(TABS.findIndex((t) => t.id === tab) + 1) % TABS.length]!.id;
    setTab(next);
    tabs.current[next]?.focus();
  };

  return (
    <Panel aria-labelledby="conversation-heading">
      <h2 id="conversation-heading">Course conversation</h2>
      <div role="tablist" aria-label="Course conversation" onKeyDown={onKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(node) => {
              tabs.current[t.id] = node;
            }}
            type="button"
            role="tab"
            id={`conversation-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={tab === t.id ? `conversation-panel-${t.id}` : undefined}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`conversation-panel-${tab}`} aria-labelledby={`conversation-tab-${tab}`}>
        {tab === 'announcements' ? (
          <AnnouncementsPanel courseId={courseId} />
        ) : itemId ? (
          <QuestionsPanel
            key={itemId}
            courseId={courseId}
            itemId={itemId}
            video={video}
            openQuestion={pending}
            onOpened={() => setPending(null)}
            onMarkers={onMarkers}
          />
        ) : (
          <EmptyState message="Questions are asked about a lesson: open one you have reached." />
        )}
      </div>
    </Panel>
  );
}
