import { Button, Checkbox, ChoiceSelect, Field, theme } from '@liveedu/ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  ITEM_KINDS,
  type ItemDraft,
  kindLabel,
  MAX_ARTICLE_LENGTH,
  MAX_PREVIEWS,
  previewsIn,
} from '../api/course-form.ts';
import type { CourseDraftApi } from '../hooks/use-course-draft.ts';
import { MarkdownField } from './markdown-field.tsx';
import { VideoUploadField } from './video-upload-field.tsx';

const SectionBox = styled.fieldset`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 1rem;
  margin: 0 0 1rem;
  /* A fieldset is as wide as its widest content unless told otherwise: on a phone, the screen. */
  min-width: 0;
  background: #fafafa;
  legend { font-weight: 700; padding: 0 0.4rem; }
`;

const ItemBox = styled.fieldset`
  border: 1px solid ${theme.colors.border};
  border-radius: 8px;
  background: ${theme.colors.surface};
  padding: 0.75rem 1rem 1rem;
  margin: 0 0 0.75rem;
  min-width: 0;
  legend { font-weight: 600; padding: 0 0.3rem; }
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin-bottom: 0.5rem;
  strong { flex: 1 1 12rem; }
  input { flex: 1 1 12rem; }
`;

const KindRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin-bottom: 0.75rem;
  label { font-weight: 600; }
  select { padding: 0.45rem 0.6rem; border: 1px solid ${theme.colors.border}; border-radius: 8px; }
`;

const Hint = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
`;

const Sequential = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 0.5rem;
  margin: 0 0 1rem;
  input { margin-top: 0.25rem; }
`;

const Preview = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem 0.5rem;
  margin-top: 0.75rem;
  small { flex-basis: 100%; color: ${theme.colors.muted}; }
`;

function ItemEditor({
  sectionKey,
  item,
  index,
  api,
}: {
  sectionKey: string;
  item: ItemDraft;
  index: number;
  api: CourseDraftApi;
}) {
  const id = useId();
  const [editingTitle, setEditingTitle] = useState(false);
  const set = (field: 'sectionTitle' | 'videoTitle' | 'videoDesc') => (e: { target: { value: string } }) =>
    api.setItemField(sectionKey, item.key, field, e.target.value);
  const label = kindLabel(item.kind);
  const video = item.kind === 'video';
  return (
    <ItemBox>
      <legend>
        {label} {index + 1}
      </legend>
      <TitleRow>
        {editingTitle ? (
          <>
            <label htmlFor={`${id}-section`} className="visually-hidden">
              Section title
            </label>
            <input
              id={`${id}-section`}
              value={item.sectionTitle}
              onChange={set('sectionTitle')}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  setEditingTitle(false);
                }
              }}
              // biome-ignore lint/a11y/noAutofocus: the field appears because the user asked to edit it
              autoFocus
            />
            <Button type="button" $variant="secondary" onClick={() => setEditingTitle(false)}>
              Done
            </Button>
          </>
        ) : (
          <>
            <strong>{item.sectionTitle || 'No section title'}</strong>
            <Button type="button" $variant="secondary" onClick={() => setEditingTitle(true)}>
              Edit title
            </Button>
          </>
        )}
        <Button type="button" $variant="danger" onClick={() => api.removeItem(sectionKey, item.key)}>
          Delete
        </Button>
      </TitleRow>
      <KindRow>
        <label htmlFor={`${id}-kind`}>Kind</label>
        <ChoiceSelect
          id={`${id}-kind`}
          choices={ITEM_KINDS}
          value={item.kind}
          onChange={(kind) => api.setItemKind(sectionKey, item.key, kind)}
        />
      </KindRow>
      <Field>
        <label htmlFor={`${id}-title`}>{label} title</label>
        <input id={`${id}-title`} value={item.videoTitle} onChange={set('videoTitle')} />
      </Field>
      <Field>
        <label htmlFor={`${id}-desc`}>{video ? 'Video description' : 'Description (optional)'}</label>
        <textarea id={`${id}-desc`} value={item.videoDesc} onChange={set('videoDesc')} />
      </Field>
      {item.kind === 'article' ? (
        <MarkdownField
          id={`${id}-body`}
          label="Article (Markdown)"
          previewLabel="Preview of the article"
          value={item.body}
          maxLength={MAX_ARTICLE_LENGTH}
          onChange={(body) => api.setItemField(sectionKey, item.key, 'body', body)}
        />
      ) : null}
      {item.kind === 'article' ? (
        <FreePreviewField sectionKey={sectionKey} item={item} api={api} id={id} />
      ) : null}
      {item.kind === 'quiz' || item.kind === 'assignment' ? (
        <Hint>
          {item.kind === 'quiz' ? 'Its questions' : 'Its brief'} are written under “Quizzes and assignments”
          on the update page, once the course is saved with this item.
        </Hint>
      ) : null}
      {video ? <VideoFields sectionKey={sectionKey} item={item} api={api} id={id} /> : null}
    </ItemBox>
  );
}

/** What the fields of one item take: the item, its section, the draft's operations and the ids' root. */
interface ItemFieldsProps {
  sectionKey: string;
  item: ItemDraft;
  api: CourseDraftApi;
  id: string;
}

/** Whether a video or an article is free to open from the course page, three at most per course. */
function FreePreviewField({ sectionKey, item, api, id }: ItemFieldsProps) {
  return (
    <Preview>
      <Checkbox
        id={`${id}-preview`}
        label="Free preview"
        checked={item.preview}
        disabled={!item.preview && previewsIn(api.draft) >= MAX_PREVIEWS}
        onChange={(preview) => api.setItemPreview(sectionKey, item.key, preview)}
        aria-describedby={`${id}-preview-hint`}
      />
      <small id={`${id}-preview-hint`}>
        Anyone can {item.kind === 'article' ? 'read' : 'watch'} it from the course page before buying (
        {previewsIn(api.draft)} of {MAX_PREVIEWS} used)
      </small>
    </Preview>
  );
}

/** A video's source (a link or an upload) and whether it is a free preview. */
function VideoFields({ sectionKey, item, api, id }: ItemFieldsProps) {
  return (
    <>
      {item.videoId ? null : (
        <Field>
          <label htmlFor={`${id}-link`}>Video link</label>
          <input
            id={`${id}-link`}
            type="url"
            value={item.videoLink}
            onChange={(e) => api.setItemField(sectionKey, item.key, 'videoLink', e.target.value)}
          />
        </Field>
      )}
      <VideoUploadField
        videoId={item.videoId}
        onChange={(videoId) => api.setItemField(sectionKey, item.key, 'videoId', videoId)}
      />
      <FreePreviewField sectionKey={sectionKey} item={item} api={api} id={id} />
    </>
  );
}

/**
 * Course content: sections, each a list of items (videos, articles, quizzes, assignments), with
 * add, delete and edit-title controls, and whether the items unlock one after another.
 */
export function CourseContentEditor({ api }: { api: CourseDraftApi }) {
  const id = useId();
  return (
    <div>
      <h2>Course content</h2>
      <Sequential>
        <Checkbox
          id={`${id}-sequential`}
          label="Sequential: unlock each item after the previous one is completed"
          checked={api.draft.sequential}
          onChange={api.setSequential}
        />
      </Sequential>
      {api.draft.sections.map((section, s) => (
        <SectionBox key={section.key}>
          <legend>Section {s + 1}</legend>
          {section.items.map((item, i) => (
            <ItemEditor key={item.key} sectionKey={section.key} item={item} index={i} api={api} />
          ))}
          <Button type="button" $variant="secondary" onClick={() => api.addItem(section.key)}>
            Add more content
          </Button>
        </SectionBox>
      ))}
      <Button type="button" $variant="secondary" onClick={api.addSection}>
        Add Section
      </Button>
    </div>
  );
}
