import type { FileKind } from '@liveedu/service-kit';
import { storedCollection } from '@liveedu/service-kit';
import type { ObjectId } from 'mongodb';

/** The private bucket handed-in files are kept in. */
export const SUBMISSIONS_BUCKET = 'submissions';

/** An assignment item's brief and rules (`_id` is `courseId:itemId`). */
export interface AssignmentDoc {
  _id: string;
  courseId: string;
  itemId: string;
  tutorId: string;
  /** Markdown. */
  brief: string;
  rubric: string;
  /** What a file may be, judged by its bytes; none: text only. */
  fileTypes: FileKind[];
  maxSizeMb: number;
  required: boolean;
  version: number;
  updatedAt: Date;
}

export const ASSIGNMENTS = storedCollection<AssignmentDoc>('assignments', [
  { key: { courseId: 1 }, name: 'by_course' },
]);

/** One hand-in: pending until the course's tutor grades it; a new one replaces a pending one. */
export interface SubmissionDoc {
  _id: ObjectId;
  studentId: string;
  studentName: string;
  tutorId: string;
  courseId: string;
  itemId: string;
  courseTitle: string;
  itemTitle: string;
  status: 'pending' | 'graded';
  text: string;
  file?: { key: string; name: string; kind: FileKind; size: number };
  score?: number;
  passed?: boolean;
  feedback?: string;
  submittedAt: Date;
  gradedAt?: Date;
}

export const SUBMISSIONS = storedCollection<SubmissionDoc>('submissions', [
  { key: { tutorId: 1, status: 1, submittedAt: 1 }, name: 'tutor_queue' },
  { key: { tutorId: 1, courseId: 1, status: 1, submittedAt: 1 }, name: 'tutor_course_queue' },
  { key: { studentId: 1, courseId: 1, itemId: 1, submittedAt: -1 }, name: 'by_student_item' },
]);

/** Most hand-ins one student keeps for one assignment (graded ones stay as their history). */
export const MAX_SUBMISSIONS_SHOWN = 50;
