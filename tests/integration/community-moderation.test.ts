/**
 * Moderation and announcements through the gateway: reporting a post once, the admin's list of
 * reports and decision, hidden posts seen only by their authors, dismissing to show them again,
 * and a tutor's announcements, at most four a day per course.
 */
import type {
  Announcement,
  Answer,
  PostReport,
  Question,
  QuestionInList,
  QuestionThread,
  ReportPage,
} from '@liveedu/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityClass } from '../support/community.ts';
import type { Session, TestStack } from '../support/stack.ts';

let stack: TestStack;
let admin: Session;
let tutor: Session;
let student: Session;
let classmate: Session;
let outsider: Session;
let courseId = '';

const ask = async (as: Session, title: string) => {
  const asked = await stack.call<Question>('POST', `/api/v1/courses/${courseId}/questions`, {
    as,
    body: { title, body: `${title}, in more words.` },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  return asked.body;
};
const thread = (as: Session, questionId: string) =>
  stack.call<QuestionThread & { message: string }>('GET', `/api/v1/questions/${questionId}`, { as });
const listedIds = async (as: Session) =>
  (
    await stack.call<{ questions: QuestionInList[] }>('GET', `/api/v1/courses/${courseId}/questions`, { as })
  ).body.questions.map((question) => question._id);
const report = (as: Session, body: Record<string, unknown>) =>
  stack.call<{ _id: string; status: string; message: string }>('POST', '/api/v1/reports', { as, body });
const reports = (as: Session, status: 'open' | 'closed') =>
  stack.call<ReportPage & { message: string }>('GET', `/api/v1/admin/reports?status=${status}`, { as });
const decide = (reportId: string, action: 'hide' | 'dismiss', as: Session = admin) =>
  stack.call<PostReport & { message: string }>('PUT', `/api/v1/admin/reports/${reportId}`, {
    as,
    body: { action },
  });

beforeAll(async () => {
  ({ stack, admin, tutor, student, classmate, outsider, courseId } = await communityClass('mod', [
    {
      sectionTitle: 'Lessons',
      videoTitle: 'Welcome',
      videoDesc: 'The first lesson',
      videoLink: 'https://videos.example.com/welcome.mp4',
    },
  ]));
}, 120_000);
afterAll(() => stack?.close());

describe('reporting a post', () => {
  it('takes one report per user and post from those who can read it', async () => {
    const question = await ask(student, 'Buy cheap followers here');
    const reported = await report(classmate, { questionId: question._id, reason: 'Spam' });
    expect(reported.status, JSON.stringify(reported.body)).toBe(201);
    expect(reported.body.status).toBe('open');
    const again = await report(classmate, { questionId: question._id, reason: 'Still spam' });
    expect(again.status).toBe(409);
    expect((await report(outsider, { questionId: question._id, reason: 'Spam' })).status).toBe(404);
    expect((await report(tutor, { questionId: question._id, reason: 'No' })).status).toBe(400);
    const both = await report(tutor, { questionId: question._id, answerId: question._id, reason: 'Both' });
    expect(both.status).toBe(400);
    expect(
      (await stack.call('POST', '/api/v1/reports', { body: { questionId: question._id, reason: 'x y z' } }))
        .status,
    ).toBe(401);
  });
});

describe("the admin's decision", () => {
  it('lists open reports with every reason for the admin only', async () => {
    const question = await ask(student, 'Selling the course answers');
    await report(classmate, { questionId: question._id, reason: 'Selling answers' });
    await report(tutor, { questionId: question._id, reason: 'Against the rules' });
    expect((await reports(student, 'open')).status).toBe(403);
    expect((await reports(tutor, 'open')).status).toBe(403);
    const open = await reports(admin, 'open');
    expect(open.status).toBe(200);
    const entry = open.body.reports.find((r) => r.questionId === question._id);
    expect(entry).toMatchObject({
      kind: 'question',
      answerId: null,
      courseId,
      title: 'Selling the course answers',
      status: 'open',
      author: { _id: student._id, name: student.username },
    });
    expect(entry?.reasons.map((r) => r.reason).sort()).toEqual(['Against the rules', 'Selling answers']);
  });

  it('hides a question from everyone but its author, and dismissing shows it again', async () => {
    const question = await ask(student, 'Rude words about the tutor');
    const reported = await report(classmate, { questionId: question._id, reason: 'Rude' });
    expect((await decide(reported.body._id, 'hide', tutor)).status).toBe(403);
    const hidden = await decide(reported.body._id, 'hide');
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body.status).toBe('hidden');

    for (const reader of [classmate, tutor, admin]) {
      expect((await thread(reader, question._id)).status).toBe(404);
      expect(await listedIds(reader)).not.toContain(question._id);
    }
    const own = await thread(student, question._id);
    expect(own.status).toBe(200);
    expect(own.body.question.hidden).toBe(true);
    expect(await listedIds(student)).toContain(question._id);
    expect(
      (
        await stack.call('POST', `/api/v1/questions/${question._id}/answers`, {
          as: classmate,
          body: { body: 'Hi' },
        })
      ).status,
    ).toBe(404);

    const closed = await reports(admin, 'closed');
    expect(closed.body.reports.find((r) => r._id === reported.body._id)?.status).toBe('hidden');
    const dismissed = await decide(reported.body._id, 'dismiss');
    expect(dismissed.body.status).toBe('dismissed');
    const back = await thread(classmate, question._id);
    expect(back.status).toBe(200);
    expect(back.body.question.hidden).toBe(false);
    expect(await listedIds(classmate)).toContain(question._id);
  });

  it('hides an answer from the thread and its count, except for the answer’s author', async () => {
    const question = await ask(student, 'How long is the course?');
    const answered = await stack.call<Answer>('POST', `/api/v1/questions/${question._id}/answers`, {
      as: classmate,
      body: { body: 'Visit my shop instead' },
    });
    expect(answered.status).toBe(201);
    const reported = await report(student, { answerId: answered.body._id, reason: 'Advertising' });
    expect(reported.status, JSON.stringify(reported.body)).toBe(201);
    const open = await reports(admin, 'open');
    expect(open.body.reports.find((r) => r._id === reported.body._id)).toMatchObject({
      kind: 'answer',
      questionId: question._id,
      answerId: answered.body._id,
      title: 'How long is the course?',
      excerpt: 'Visit my shop instead',
    });
    await decide(reported.body._id, 'hide');

    const seen = await thread(student, question._id);
    expect(seen.body.answers).toEqual([]);
    expect(seen.body.question.answerCount).toBe(0);
    const byAuthor = await thread(classmate, question._id);
    expect(byAuthor.body.answers.map((a) => [a._id, a.hidden])).toEqual([[answered.body._id, true]]);
    const upvote = await stack.call(
      'POST',
      `/api/v1/questions/${question._id}/answers/${answered.body._id}/upvote`,
      { as: student },
    );
    expect(upvote.status).toBe(404);
  });

  it('lets the admin delete any post, and no one else delete another’s', async () => {
    const question = await ask(student, 'A question to remove');
    expect((await stack.call('DELETE', `/api/v1/questions/${question._id}`, { as: tutor })).status).toBe(404);
    expect((await stack.call('DELETE', `/api/v1/questions/${question._id}`, { as: admin })).status).toBe(200);
    expect((await thread(student, question._id)).status).toBe(404);
  });
});

describe('announcements', () => {
  it('are posted by the course’s tutor only and read by those who take part in it', async () => {
    const posted = await stack.call<Announcement>('POST', `/api/v1/courses/${courseId}/announcements`, {
      as: tutor,
      body: {
        title: 'Live session on Friday',
        body: 'Join us at [the room](https://meet.example.com) <b>6pm</b>',
      },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body.author).toMatchObject({ _id: tutor._id, instructor: true });
    expect(posted.body.bodyHtml).toContain('rel="nofollow ugc noopener noreferrer"');
    expect(posted.body.bodyHtml).toContain('&lt;b&gt;6pm&lt;/b&gt;');
    const byStudent = await stack.call('POST', `/api/v1/courses/${courseId}/announcements`, {
      as: student,
      body: { title: 'Me too', body: 'Hello' },
    });
    expect(byStudent.status).toBe(403);

    const read = await stack.call<{ announcements: Announcement[]; total: number }>(
      'GET',
      `/api/v1/courses/${courseId}/announcements`,
      { as: classmate },
    );
    expect(read.status).toBe(200);
    expect(read.body.announcements[0]?._id).toBe(posted.body._id);
    expect(
      (await stack.call('GET', `/api/v1/courses/${courseId}/announcements`, { as: outsider })).status,
    ).toBe(403);
    expect((await stack.call('GET', `/api/v1/courses/${courseId}/announcements`)).status).toBe(401);
  });

  it('are at most four a day per course, the fifth told when to try again', async () => {
    const before = await stack.call<{ total: number }>('GET', `/api/v1/courses/${courseId}/announcements`, {
      as: tutor,
    });
    const statuses: number[] = [];
    let refused: { status: number; body: { message?: string }; headers: Headers } | undefined;
    for (let n = before.body.total; n < 5; n += 1) {
      const posted = await stack.call<{ message?: string }>(
        'POST',
        `/api/v1/courses/${courseId}/announcements`,
        {
          as: tutor,
          body: { title: `Update number ${n + 1}`, body: 'News' },
        },
      );
      statuses.push(posted.status);
      if (posted.status === 429) refused = posted;
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(3600 * 23);
    expect(refused?.body.message).toMatch(/4 announcements a day/);
    const after = await stack.call<{ announcements: Announcement[]; total: number }>(
      'GET',
      `/api/v1/courses/${courseId}/announcements`,
      { as: student },
    );
    expect(after.body.total).toBe(4);
    expect(after.body.announcements[0]?.title).toBe('Update number 4');
  });
});
