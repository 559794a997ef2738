import { storedCollection } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';

/** A learner's note on an item, optionally at a second of its video; only its author reads it. */
export interface NoteDoc {
  _id: ObjectId;
  userId: string;
  courseId: string;
  itemId: string;
  /** Titles when the note was written: what the export heads its notes with. */
  courseTitle: string;
  itemTitle: string;
  atSec?: number;
  text: string;
  createdAt: Date;
  updatedAt: Date;
}

export const NOTES = storedCollection<NoteDoc>('notes', [
  { key: { userId: 1, courseId: 1, itemId: 1, atSec: 1, createdAt: 1 }, name: 'by_author_item_time' },
  { key: { userId: 1, courseId: 1, createdAt: 1 }, name: 'by_author_course' },
]);

/** Most notes one learner keeps in one course. */
export const MAX_NOTES_PER_COURSE = 2_000;

/** Keeps a new note; null when its author already keeps the most a course allows. */
export async function addNote(
  db: Db,
  fields: Omit<NoteDoc, '_id' | 'createdAt' | 'updatedAt'>,
): Promise<NoteDoc | null> {
  const notes = NOTES.in(db);
  const kept = await notes.countDocuments(
    { userId: fields.userId, courseId: fields.courseId },
    { limit: MAX_NOTES_PER_COURSE },
  );
  if (kept >= MAX_NOTES_PER_COURSE) return null;
  const now = new Date();
  const note: NoteDoc = { _id: new ObjectId(), ...fields, createdAt: now, updatedAt: now };
  await notes.insertOne(note);
  return note;
}
