import type { CourseForUpdate } from '@liveedu/api-client';
import { Button, Loading, theme } from '@liveedu/ui';
import { lazy, Suspense, useId, useState } from 'react';
import styled from 'styled-components';
import { type ItemKind, kindLabel, kindOf } from '../api/course-form.ts';
import { EditorSection } from './editor-section.tsx';

// Each editor is its own chunk, loaded when a tutor opens one.
const QuizEditor = lazy(() =>
  import(/* webpackChunkName: "quiz-editor" */ './quiz-editor.tsx').then((m) => ({ default: m.QuizEditor })),
);
const AssignmentEditor = lazy(() =>
  import(/* webpackChunkName: "assignment-editor" */ './assignment-editor.tsx').then((m) => ({
    default: m.AssignmentEditor,
  })),
);

const ItemBox = styled.div`
  .head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem; }
  h3 small { color: ${theme.colors.muted}; font-weight: 500; }
  .editor { margin-top: 1rem; }
`;

/** The items of a saved course that have questions or an assignment of their own. */
interface LearningItem {
  itemId: string;
  number: string;
  title: string;
  kind: Exclude<ItemKind, 'article'>;
}

function learningItems(course: CourseForUpdate): LearningItem[] {
  return (course.courseContent ?? []).flatMap((items, s) =>
    (items ?? []).flatMap((item, i) => {
      const { kind } = kindOf(item);
      if (!item._id || kind === 'article') return [];
      return [{ itemId: item._id, number: `${s + 1}.${i + 1}`, title: item.videoTitle, kind }];
    }),
  );
}

const OPEN_LABEL: Record<LearningItem['kind'], string> = {
  quiz: 'Edit the quiz',
  video: 'Questions in the video',
  assignment: 'Edit the assignment',
};

function LearningItemEditor({ courseId, item }: { courseId: string; item: LearningItem }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const title = item.title || 'Untitled';
  return (
    <ItemBox role="group" aria-labelledby={`${id}-title`}>
      <div className="head">
        <h3 id={`${id}-title`}>
          {item.number} {title} <small>({kindLabel(item.kind)})</small>
        </h3>
        <Button
          type="button"
          $variant="secondary"
          aria-expanded={open}
          aria-controls={open ? `${id}-editor` : undefined}
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {OPEN_LABEL[item.kind]}
        </Button>
      </div>
      {open ? (
        <div id={`${id}-editor`} className="editor">
          <Suspense fallback={<Loading label="Loading the editor…" />}>
            {item.kind === 'assignment' ? (
              <AssignmentEditor courseId={courseId} itemId={item.itemId} title={title} />
            ) : (
              <QuizEditor courseId={courseId} itemId={item.itemId} on={item.kind} title={title} />
            )}
          </Suspense>
        </div>
      ) : null}
    </ItemBox>
  );
}

/**
 * The update page's quizzes, questions in videos and assignments, each saved on its own for an
 * item the course already has: the learning service asks the catalog what kind each saved item is.
 */
export function LearningItems({ courseId, course }: { courseId: string; course: CourseForUpdate }) {
  const items = learningItems(course);
  if (items.length === 0) return null;
  return (
    <EditorSection
      title="Quizzes and assignments"
      intro="Each is saved on its own. A new item, or one whose kind you changed, has its editor here once you update the course."
    >
      <ul>
        {items.map((item) => (
          <li key={item.itemId}>
            <LearningItemEditor courseId={courseId} item={item} />
          </li>
        ))}
      </ul>
    </EditorSection>
  );
}
