import type { CallerIdentity } from '@liveedu/contracts';
import {
  badRequest,
  type CheckedFile,
  HttpError,
  type Storage,
  storeCheckedFile,
  tooLarge,
} from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import { type Db, ObjectId } from 'mongodb';
import type { AllowedItem } from '../items/access.ts';
import { ASSIGNMENT_LIMITS, cleanFileName, submissionProblem, TEXT_ONLY } from './domain.ts';
import { type AssignmentDoc, SUBMISSIONS, SUBMISSIONS_BUCKET, type SubmissionDoc } from './store.ts';

interface HandIn {
  text: string;
  file: (CheckedFile & { name: string }) | null;
}

const MiB = 1024 * 1024;

/** Reads the form: `text`, and one `file` judged by its bytes against what the assignment takes. */
async function readHandIn(
  request: FastifyRequest,
  storage: Storage,
  assignment: AssignmentDoc,
): Promise<HandIn> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data request');
  const handIn: HandIn = { text: '', file: null };
  try {
    const parts = request.parts({
      limits: {
        fileSize: assignment.maxSizeMb * MiB,
        files: 1,
        fields: 4,
        fieldSize: ASSIGNMENT_LIMITS.text * 4,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'text') handIn.text = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}"`);
      }
      if (assignment.fileTypes.length === 0) {
        part.file.resume();
        throw badRequest(TEXT_ONLY);
      }
      const stored = await storeCheckedFile(storage, part, {
        bucket: SUBMISSIONS_BUCKET,
        accept: assignment.fileTypes,
        wrongTypeMessage: `Please hand in a ${assignment.fileTypes.join(', ')} file`,
      });
      handIn.file = { ...stored, name: cleanFileName(part.filename) };
    }
  } catch (error) {
    if (handIn.file) await storage.remove(SUBMISSIONS_BUCKET, handIn.file.key).catch(() => {});
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw tooLarge(`A file may be at most ${assignment.maxSizeMb} MB`);
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELD_SIZE_LIMIT') throw tooLarge();
    throw badRequest('The upload is not a well-formed multipart form');
  }
  return handIn;
}

/**
 * Keeps a student's hand-in: it replaces their pending one (whose file goes), or starts a new
 * pending one after a graded one. The file is stored before anything is written and removed if
 * the hand-in is refused.
 */
export async function handIn(
  db: Db,
  storage: Storage,
  at: { request: FastifyRequest; who: CallerIdentity; item: AllowedItem; assignment: AssignmentDoc },
): Promise<SubmissionDoc> {
  const { request, who, item, assignment } = at;
  const given = await readHandIn(request, storage, assignment);
  const problem = submissionProblem({ text: given.text, hasFile: given.file !== null });
  if (problem) {
    if (given.file) await storage.remove(SUBMISSIONS_BUCKET, given.file.key).catch(() => {});
    throw badRequest(problem);
  }
  const whose = { studentId: who.userId, courseId: item.courseId, itemId: item.itemId };
  const fields = {
    studentName: who.username,
    tutorId: assignment.tutorId,
    courseTitle: item.courseTitle,
    itemTitle: item.itemTitle,
    text: given.text.trim(),
    ...(given.file
      ? { file: { key: given.file.key, name: given.file.name, kind: given.file.kind, size: given.file.size } }
      : {}),
    submittedAt: new Date(),
  };
  const submissions = SUBMISSIONS.in(db);
  const replaced = await submissions.findOneAndUpdate(
    { ...whose, status: 'pending' },
    { $set: fields, ...(given.file ? {} : { $unset: { file: '' } }) },
    { returnDocument: 'before' },
  );
  if (replaced) {
    if (replaced.file) await storage.remove(SUBMISSIONS_BUCKET, replaced.file.key).catch(() => {});
    return { ...replaced, ...fields } as SubmissionDoc;
  }
  const doc: SubmissionDoc = { _id: new ObjectId(), ...whose, status: 'pending', ...fields };
  await submissions.insertOne(doc);
  return doc;
}
