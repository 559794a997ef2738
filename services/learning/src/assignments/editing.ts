import type { FileKind, Outbox } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import type { AllowedItem } from '../items/access.ts';
import { saveRequiring } from '../items/requirement.ts';
import { ASSIGNMENTS, type AssignmentDoc } from './store.ts';

export interface AssignmentInput {
  brief: string;
  rubric?: string;
  fileTypes: FileKind[];
  maxSizeMb: number;
  required: boolean;
}

/** Saves an assignment item's brief and rules as its tutor wrote them. */
export function saveAssignment(
  db: Db,
  outbox: Outbox,
  item: AllowedItem,
  input: AssignmentInput,
  requestId: string,
) {
  const _id = `${item.courseId}:${item.itemId}`;
  return saveRequiring(
    db,
    outbox,
    ASSIGNMENTS,
    { _id, requestId },
    (_before, version): AssignmentDoc => ({
      _id,
      courseId: item.courseId,
      itemId: item.itemId,
      tutorId: item.tutorId,
      brief: input.brief.trim(),
      rubric: (input.rubric ?? '').trim(),
      fileTypes: [...new Set(input.fileTypes)],
      maxSizeMb: input.maxSizeMb,
      required: input.required,
      version,
      updatedAt: new Date(),
    }),
  );
}
