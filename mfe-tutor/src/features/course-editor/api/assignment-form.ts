import type { AssignmentFileType, TutorAssignment, TutorAssignmentBody } from '@liveedu/api-client';

/** The kinds of file a hand-in may be, as the learning service judges them by their bytes. */
export const FILE_TYPES: readonly { id: AssignmentFileType; label: string }[] = [
  { id: 'pdf', label: 'PDF' },
  { id: 'zip', label: 'ZIP' },
  { id: 'png', label: 'PNG' },
  { id: 'jpg', label: 'JPG' },
  { id: 'txt', label: 'Text (.txt)' },
];

export const ASSIGNMENT_LIMITS = { brief: 20_000, rubric: 10_000, minSizeMb: 1, maxSizeMb: 50 };
const DEFAULT_SIZE_MB = 10;

export interface AssignmentDraft {
  brief: string;
  rubric: string;
  /** None: the students hand in text only. */
  fileTypes: AssignmentFileType[];
  /** As typed in the numeric input. */
  maxSizeMb: string;
  required: boolean;
}

/** The form of an assignment as the server has it, or of a new one (null). */
export function draftFromAssignment(assignment: TutorAssignment | null): AssignmentDraft {
  if (!assignment) {
    return { brief: '', rubric: '', fileTypes: ['pdf'], maxSizeMb: String(DEFAULT_SIZE_MB), required: true };
  }
  return {
    brief: assignment.brief,
    rubric: assignment.rubric,
    fileTypes: [...assignment.fileTypes],
    maxSizeMb: String(assignment.maxSizeMb),
    required: assignment.required,
  };
}

/** What the form cannot send as it is. */
export function assignmentProblem(draft: AssignmentDraft): string | null {
  if (draft.brief.trim() === '') return 'An assignment needs a brief';
  if (draft.brief.length > ASSIGNMENT_LIMITS.brief) {
    return `A brief must be at most ${ASSIGNMENT_LIMITS.brief.toLocaleString('en-US')} characters`;
  }
  if (draft.rubric.length > ASSIGNMENT_LIMITS.rubric) {
    return `A rubric must be at most ${ASSIGNMENT_LIMITS.rubric.toLocaleString('en-US')} characters`;
  }
  const size = draft.maxSizeMb.trim();
  if (
    draft.fileTypes.length > 0 &&
    !(
      /^\d+$/.test(size) &&
      Number(size) >= ASSIGNMENT_LIMITS.minSizeMb &&
      Number(size) <= ASSIGNMENT_LIMITS.maxSizeMb
    )
  ) {
    return `The largest file is a whole number of MB from ${ASSIGNMENT_LIMITS.minSizeMb} to ${ASSIGNMENT_LIMITS.maxSizeMb}`;
  }
  return null;
}

/** The assignment as the server takes it, the file types in their usual order. */
export function toAssignmentBody(draft: AssignmentDraft): TutorAssignmentBody {
  const size = Number(draft.maxSizeMb);
  const valid =
    Number.isInteger(size) && size >= ASSIGNMENT_LIMITS.minSizeMb && size <= ASSIGNMENT_LIMITS.maxSizeMb;
  return {
    brief: draft.brief,
    rubric: draft.rubric,
    fileTypes: FILE_TYPES.map((t) => t.id).filter((t) => draft.fileTypes.includes(t)),
    // Text only takes no file: any size in range does.
    maxSizeMb: valid ? size : DEFAULT_SIZE_MB,
    required: draft.required,
  };
}
