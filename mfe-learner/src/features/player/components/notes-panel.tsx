import { messageOf, type Note } from '@liveedu/api-client';
import { useApiMutation } from '@liveedu/query';
import { Button, ConfirmDialog, Field, flatPanel, ResourceView, theme, toast } from '@liveedu/ui';
import { clockOf, type VideoControl } from '@liveedu/video';
import { type FormEvent, type RefObject, useState } from 'react';
import styled from 'styled-components';
import { DownloadButton } from '../../../shared/components/download-button.tsx';
import { playerKeys } from '../api/keys.ts';
import { useItemNotes } from '../hooks/use-item-notes.ts';
import { useLearningApi } from '../hooks/use-learning-api.ts';

/** The most a note may say, as the server allows. */
const NOTE_MAX = 5000;

const Panel = styled.section`
  ${flatPanel}
  padding: 1.25rem;
  h2 { margin: 0 0 0.75rem; font-size: 1.25rem; }
  .head { display: flex; justify-content: space-between; align-items: center; gap: 0.5rem; flex-wrap: wrap; }
  .head h2 { margin: 0; }
  .at { color: ${theme.colors.muted}; font-size: 0.9rem; margin: -0.5rem 0 0.75rem; }
  ol { list-style: none; margin: 1rem 0 0; padding: 0; display: grid; gap: 0.6rem; }
  li { border-top: 1px solid ${theme.colors.border}; padding-top: 0.6rem; }
  .text { margin: 0.25rem 0; white-space: pre-line; overflow-wrap: anywhere; }
  .time {
    border: 0; padding: 0.1rem 0.4rem; border-radius: 4px; background: #eef2ff; color: ${theme.colors.primaryDark};
    font-weight: 700; font-variant-numeric: tabular-nums; cursor: pointer;
  }
  span.time { cursor: default; }
  .actions { display: flex; gap: 0.5rem; }
  .actions button { min-height: 32px; padding: 0.25rem 0.6rem; }
`;

/** How a note is named on its buttons: by its time in the video, or its place in the list. */
const nameOf = (note: Note, index: number) =>
  note.atSec === undefined ? `note ${index + 1}` : `the note at ${clockOf(note.atSec)}`;

function NoteRow({
  note,
  index,
  video,
  courseId,
  onDelete,
}: {
  note: Note;
  index: number;
  video?: RefObject<VideoControl | null>;
  courseId: string;
  onDelete: (note: Note, name: string) => void;
}) {
  const api = useLearningApi();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.text);
  const update = useApiMutation((body: { text: string }) => api.updateNote(note._id, body), {
    invalidates: [playerKeys.notes(courseId)],
  });
  const name = nameOf(note, index);
  const at = note.atSec;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    try {
      await update.mutateAsync({ text: text.trim() });
      setEditing(false);
    } catch (e) {
      toast.error(messageOf(e));
    }
  };

  return (
    <li>
      {at === undefined ? null : video ? (
        <button
          type="button"
          className="time"
          aria-label={`Play from ${clockOf(at)}`}
          onClick={() => {
            video.current?.seek(at);
            video.current?.play();
          }}
        >
          {clockOf(at)}
        </button>
      ) : (
        <span className="time">{clockOf(at)}</span>
      )}
      {editing ? (
        <form onSubmit={save}>
          <Field>
            <label htmlFor={`note-edit-${note._id}`}>Edit {name}</label>
            <textarea
              id={`note-edit-${note._id}`}
              value={text}
              maxLength={NOTE_MAX}
              onChange={(e) => setText(e.target.value)}
            />
          </Field>
          <div className="actions">
            <Button type="submit" disabled={update.isPending || !text.trim()}>
              Save
            </Button>
            <Button
              type="button"
              $variant="secondary"
              onClick={() => {
                setText(note.text);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="text">{note.text}</p>
          <div className="actions">
            <Button
              type="button"
              $variant="secondary"
              aria-label={`Edit ${name}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              type="button"
              $variant="ghost"
              aria-label={`Delete ${name}`}
              onClick={() => onDelete(note, name)}
            >
              Delete
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * The learner's notes on the item shown: a new one is written at the video's second when the
 * writing starts (without a time on an article, a quiz or an assignment); each can be edited,
 * deleted or, on a video, played from; all notes of the course can be exported as Markdown.
 */
export function NotesPanel({
  courseId,
  itemId,
  video,
}: {
  courseId: string;
  itemId: string;
  /** The hosted video's controls, when the item is one. */
  video?: RefObject<VideoControl | null>;
}) {
  const api = useLearningApi();
  const notes = useItemNotes(courseId, itemId);
  const [draft, setDraft] = useState('');
  const [draftAt, setDraftAt] = useState<number | undefined>(undefined);
  const [deleting, setDeleting] = useState<{ note: Note; name: string } | null>(null);
  const invalidates = [playerKeys.notes(courseId)];
  const create = useApiMutation(
    (body: { text: string; atSec?: number }) => api.createNote({ courseId, itemId, ...body }),
    { invalidates },
  );
  const remove = useApiMutation((noteId: string) => api.deleteNote(noteId), { invalidates });

  const write = (text: string) => {
    // The note is about the moment the learner began to write it.
    if (!draft && text && video?.current) setDraftAt(Math.floor(video.current.currentTime()));
    if (!text) setDraftAt(undefined);
    setDraft(text);
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    try {
      await create.mutateAsync({ text: draft.trim(), ...(draftAt === undefined ? {} : { atSec: draftAt }) });
      setDraft('');
      setDraftAt(undefined);
    } catch (e) {
      toast.error(messageOf(e));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.note._id);
      setDeleting(null);
    } catch (e) {
      toast.error(messageOf(e));
    }
  };

  return (
    <Panel aria-labelledby="notes-heading">
      <div className="head">
        <h2 id="notes-heading">Notes</h2>
        <DownloadButton
          read={() => api.exportNotes(courseId)}
          fileName={`notes-${courseId}.md`}
          busyLabel="Exporting…"
        >
          Export notes
        </DownloadButton>
      </div>
      <form onSubmit={add}>
        <Field>
          <label htmlFor="note-new">New note</label>
          <textarea
            id="note-new"
            value={draft}
            maxLength={NOTE_MAX}
            aria-describedby={video ? 'note-new-at' : undefined}
            onChange={(e) => write(e.target.value)}
          />
        </Field>
        {video ? (
          <p className="at" id="note-new-at">
            {draftAt === undefined
              ? 'A note is kept at the second of the video where you start writing it.'
              : `At ${clockOf(draftAt)} in the video`}
          </p>
        ) : null}
        <Button type="submit" disabled={create.isPending || !draft.trim()}>
          Add note
        </Button>
      </form>
      <ResourceView resource={notes} loading="Loading your notes…">
        {({ notes: shown, total }) =>
          shown.length === 0 ? (
            <p>No notes on this lesson yet.</p>
          ) : (
            <>
              <ol aria-label="Your notes on this lesson">
                {shown.map((note, i) => (
                  <NoteRow
                    key={note._id}
                    note={note}
                    index={i}
                    video={video}
                    courseId={courseId}
                    onDelete={(n, name) => setDeleting({ note: n, name })}
                  />
                ))}
              </ol>
              {total > shown.length ? (
                <p>
                  Showing the first {shown.length} of {total} notes; all are in the export.
                </p>
              ) : null}
            </>
          )
        }
      </ResourceView>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete note"
        message={`Delete ${deleting?.name ?? 'this note'}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Panel>
  );
}
