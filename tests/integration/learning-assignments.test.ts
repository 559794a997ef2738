import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentItem, courseWithItems, enrolledStudent, newTutor } from '../support/flows.ts';
import { PNG } from '../support/identity-fixtures.ts';
import { learningStack } from '../support/platform.ts';
import { eventually, type Session, type TestStack } from '../support/stack.ts';

interface Submission {
  _id: string;
  status: 'pending' | 'graded';
  text: string;
  studentName: string;
  file?: { name: string; kind: string; size: number; url: string };
  score?: number;
  passed?: boolean;
  feedback?: string;
}

let stack: TestStack;
let tutor: Session;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const BRIEF = {
  brief: '## Essay\nWrite one page.',
  rubric: 'Clarity',
  fileTypes: ['pdf', 'txt'],
  maxSizeMb: 1,
  required: true,
};

const setAssignment = (as: Session, courseId: string, itemId: string, body: unknown) =>
  stack.call('PUT', `/api/v1/courses/${courseId}/items/${itemId}/assignment`, { as, body });

function handIn(
  as: Session,
  courseId: string,
  itemId: string,
  parts: { text?: string; file?: [Buffer, string] },
) {
  const form = new FormData();
  if (parts.text !== undefined) form.append('text', parts.text);
  if (parts.file) form.append('file', new Blob([new Uint8Array(parts.file[0])]), parts.file[1]);
  return stack.call<Submission>('POST', `/api/v1/assignments/${courseId}/${itemId}/submissions`, {
    as,
    raw: form,
  });
}

const mine = async (as: Session, courseId: string, itemId: string) =>
  (
    await stack.call<{ submissions: Submission[] }>(
      'GET',
      `/api/v1/assignments/${courseId}/${itemId}/submissions/mine`,
      { as },
    )
  ).body.submissions;

beforeAll(async () => {
  ({ stack, tutor } = await learningStack());
}, 60_000);

afterAll(() => stack?.close());

describe('assignments', () => {
  it("are set by the course's tutor on assignment items only, and read by its students", async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [
      {
        sectionTitle: 'Work',
        videoTitle: 'A lecture',
        videoDesc: 'Watch',
        videoLink: 'https://v.example.com/a.mp4',
      },
      assignmentItem('Essay'),
    ]);
    const [video, essay] = itemIds as [string, string];
    expect((await setAssignment(tutor, courseId, video, BRIEF)).status).toBe(400);
    expect((await setAssignment(await newTutor(stack, 'rival'), courseId, essay, BRIEF)).status).toBe(403);
    const set = await setAssignment(tutor, courseId, essay, BRIEF);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const student = await enrolledStudent(stack, tutor, courseId);
    const brief = await stack.call('GET', `/api/v1/assignments/${courseId}/${essay}`, { as: student });
    expect(brief.body).toMatchObject({
      brief: BRIEF.brief,
      fileTypes: ['pdf', 'txt'],
      maxSizeMb: 1,
      required: true,
    });
    const stranger = await stack.newUser('stranger');
    expect(
      (await stack.call('GET', `/api/v1/assignments/${courseId}/${essay}`, { as: stranger })).status,
    ).toBe(403);
    expect((await handIn(stranger, courseId, essay, { text: 'let me in' })).status).toBe(403);
    // The tutor reads the brief but hands nothing in.
    expect((await handIn(tutor, courseId, essay, { text: 'mine' })).status).toBe(403);
  });

  it('judges files by their bytes, keeps them private, and replaces a pending hand-in', async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [assignmentItem('Essay')]);
    const essay = itemIds[0] as string;
    await setAssignment(tutor, courseId, essay, BRIEF);
    const student = await enrolledStudent(stack, tutor, courseId);

    const disguised = await handIn(student, courseId, essay, { file: [PNG, 'essay.pdf'] });
    expect(disguised).toMatchObject({ status: 400, body: { message: 'Please hand in a pdf, txt file' } });
    expect((await handIn(student, courseId, essay, { text: '  ' })).body).toEqual({
      message: 'Hand in a file or some text',
    });
    const tooBig = await handIn(student, courseId, essay, {
      file: [Buffer.alloc(1_100_000, 'a'), 'long.txt'],
    });
    expect(tooBig.status).toBe(413);
    expect(await mine(student, courseId, essay)).toEqual([]);

    const first = await handIn(student, courseId, essay, {
      text: 'Draft one',
      file: [PDF, 'C:\\work\\essay.pdf'],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      status: 'pending',
      text: 'Draft one',
      file: { name: 'essay.pdf', kind: 'pdf' },
    });
    const link = first.body.file?.url as string;
    const fetched = await fetch(link);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PDF)).toBe(true);
    // Without its signature the file is refused.
    expect((await fetch(link.split('?')[0] as string)).status).toBe(403);

    const second = await handIn(student, courseId, essay, { text: 'Draft two' });
    expect(second.status).toBe(201);
    const kept = await mine(student, courseId, essay);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ _id: first.body._id, text: 'Draft two', status: 'pending' });
    expect(kept[0]?.file).toBeUndefined();
    // The replaced file is gone from storage.
    expect((await fetch(link)).status).toBe(404);
  });

  it("is graded only by the course's tutor; a pass completes the item and the certificate follows", async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [assignmentItem('Essay')]);
    const essay = itemIds[0] as string;
    await setAssignment(tutor, courseId, essay, { ...BRIEF, fileTypes: [] });
    const student = await enrolledStudent(stack, tutor, courseId);
    expect((await handIn(student, courseId, essay, { file: [PDF, 'essay.pdf'] })).body).toEqual({
      message: 'This assignment takes text only',
    });
    const handed = await handIn(student, courseId, essay, { text: 'My essay' });
    expect(handed.status).toBe(201);

    const queue = await stack.call<{ submissions: Submission[]; total: number }>(
      'GET',
      `/api/v1/tutor/submissions?courseId=${courseId}&status=pending`,
      { as: tutor },
    );
    expect(queue.body.submissions.map((s) => s._id)).toEqual([handed.body._id]);
    expect(queue.body.submissions[0]?.studentName).toBe(student.username);
    const rival = await newTutor(stack, 'rival');
    const theirs = await stack.call<{ total: number }>('GET', '/api/v1/tutor/submissions', { as: rival });
    expect(theirs.body.total).toBe(0);
    const grade = { score: 40, passed: false, feedback: 'Too short' };
    const path = `/api/v1/tutor/submissions/${handed.body._id}`;
    expect((await stack.call('PUT', path, { as: rival, body: grade })).status).toBe(404);
    expect((await stack.call('PUT', path, { as: student, body: grade })).status).toBe(403);

    const failed = await stack.call<Submission>('PUT', path, { as: tutor, body: grade });
    expect(failed.body).toMatchObject({ status: 'graded', score: 40, passed: false, feedback: 'Too short' });
    expect((await mine(student, courseId, essay))[0]).toMatchObject({
      status: 'graded',
      feedback: 'Too short',
    });

    // A new hand-in after a grade starts a new one; graded ones stay.
    const again = await handIn(student, courseId, essay, { text: 'My longer essay' });
    expect(again.body._id).not.toBe(handed.body._id);
    const passed = await stack.call<Submission>('PUT', `/api/v1/tutor/submissions/${again.body._id}`, {
      as: tutor,
      body: { score: 90, passed: true, feedback: 'Well argued' },
    });
    expect(passed.body.passed).toBe(true);
    expect((await mine(student, courseId, essay)).map((s) => s.score)).toEqual([90, 40]);
    const certificate = await eventually(async () => {
      const list = await stack.call<Array<{ courseId: string }>>('GET', '/api/v1/certificates', {
        as: student,
      });
      return list.body.find((c) => c.courseId === courseId);
    });
    expect(certificate).toBeDefined();
  });

  it('takes a file over the usual upload limit when the assignment allows it', async () => {
    const { courseId, itemIds } = await courseWithItems(stack, tutor, [assignmentItem('Dataset')]);
    const dataset = itemIds[0] as string;
    await setAssignment(tutor, courseId, dataset, { ...BRIEF, fileTypes: ['txt'], maxSizeMb: 20 });
    const student = await enrolledStudent(stack, tutor, courseId);
    const large = Buffer.alloc(13 * 1024 * 1024, 'x');
    const handed = await handIn(student, courseId, dataset, { file: [large, 'data.txt'] });
    expect(handed.status, JSON.stringify(handed.body)).toBe(201);
    expect(handed.body.file?.size).toBe(large.length);
  });
});
