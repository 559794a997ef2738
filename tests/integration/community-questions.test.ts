/**
 * Lesson questions through the gateway: who may read and write, asking about a moment, answers
 * marked as the instructor's, upvotes once per user, the accepted answer, Markdown without script,
 * the posting limit, and a deleted asker's thread kept as "deleted user".
 */
import type { Answer, Question, QuestionInList, QuestionThread } from '@liveedu/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityClass } from '../support/community.ts';
import { enrolledFree, videoItem } from '../support/flows.ts';
import { eventually, type Session, type TestStack } from '../support/stack.ts';

interface QuestionList {
  questions: QuestionInList[];
  total: number;
  page: number;
  pages: number;
}

let stack: TestStack;
let admin: Session;
let tutor: Session;
let student: Session;
let classmate: Session;
let outsider: Session;
let courseId = '';
let itemIds: string[] = [];

const enrolled = (prefix: string) => enrolledFree(stack, courseId, prefix);

const ask = (as: Session, body: Record<string, unknown>, course = courseId) =>
  stack.call<Question & { message: string }>('POST', `/api/v1/courses/${course}/questions`, { as, body });
const list = (as: Session | undefined, query = '') =>
  stack.call<QuestionList & { message: string }>(
    'GET',
    `/api/v1/courses/${courseId}/questions${query}`,
    as ? { as } : {},
  );
const thread = (as: Session, questionId: string) =>
  stack.call<QuestionThread & { message: string }>('GET', `/api/v1/questions/${questionId}`, { as });
const answer = (as: Session, questionId: string, body: string) =>
  stack.call<Answer & { message: string }>('POST', `/api/v1/questions/${questionId}/answers`, {
    as,
    body: { body },
  });

beforeAll(async () => {
  ({ stack, admin, tutor, student, classmate, outsider, courseId, itemIds } = await communityClass('qa', [
    videoItem('Rendering'),
    videoItem('Hooks'),
  ]));
}, 120_000);
afterAll(() => stack?.close());

describe('who may read and write a course’s questions', () => {
  it('lets its students, its tutor and the admin in; refuses others and visitors', async () => {
    for (const who of [student, classmate, tutor, admin]) expect((await list(who)).status).toBe(200);
    const refused = await list(outsider);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/students of this course/);
    expect((await list(undefined)).status).toBe(401);
    expect((await ask(outsider, { title: 'Can I ask?', body: 'Please' })).status).toBe(403);
    expect(
      (await ask(student, { title: 'Anyone there?', body: 'Hello' }, '0123456789abcdef01234567')).status,
    ).toBe(404);
  });
});

describe('asking about a moment of a lesson', () => {
  it('keeps the item and the second, lists it, and finds it by its words', async () => {
    const asked = await ask(student, {
      title: 'Why does the component render twice?',
      body: 'At this point the **effect** runs twice.',
      itemId: itemIds[0],
      atSec: 135,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ itemId: itemIds[0], atSec: 135, mine: true, answerCount: 0 });
    expect(asked.body.author).toMatchObject({ _id: student._id, name: student.username, instructor: false });
    const ofItem = await list(classmate, `?itemId=${itemIds[0]}`);
    expect(ofItem.body.questions.map((q) => q._id)).toContain(asked.body._id);
    expect((await list(classmate, `?itemId=${itemIds[1]}`)).body.questions.map((q) => q._id)).not.toContain(
      asked.body._id,
    );
    const similar = await list(classmate, '?q=render%20comp');
    expect(similar.body.questions[0]?._id).toBe(asked.body._id);
    expect(similar.body.questions[0]?.excerpt).toBe('At this point the effect runs twice.');
  });

  it('refuses an item of another course, a moment without an item and a short title', async () => {
    const wrongItem = await ask(student, {
      title: 'About what?',
      body: 'x',
      itemId: '0123456789abcdef01234567',
    });
    expect(wrongItem.status).toBe(400);
    expect((await ask(student, { title: 'When is this?', body: 'x', atSec: 3 })).status).toBe(400);
    const short = await ask(student, { title: 'Hm', body: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/title must be 5 to 200/);
  });
});

describe('a thread', () => {
  it('marks the tutor’s answer as the instructor’s, and lets only the asker or the tutor accept', async () => {
    const asked = await ask(student, { title: 'What does useMemo keep?', body: 'Between renders?' });
    const fromClassmate = await answer(classmate, asked.body._id, 'The last value, while its inputs stay.');
    const fromTutor = await answer(tutor, asked.body._id, 'The value computed on the last render.');
    expect(fromTutor.status).toBe(201);
    expect(fromTutor.body.author.instructor).toBe(true);
    expect(fromClassmate.body.author.instructor).toBe(false);

    const refused = await stack.call('PUT', `/api/v1/questions/${asked.body._id}/accepted`, {
      as: classmate,
      body: { answerId: fromClassmate.body._id },
    });
    expect(refused.status).toBe(403);
    const byAsker = await stack.call<Question>('PUT', `/api/v1/questions/${asked.body._id}/accepted`, {
      as: student,
      body: { answerId: fromClassmate.body._id },
    });
    expect(byAsker.body.acceptedAnswerId).toBe(fromClassmate.body._id);
    const byTutor = await stack.call<Question>('PUT', `/api/v1/questions/${asked.body._id}/accepted`, {
      as: tutor,
      body: { answerId: fromTutor.body._id },
    });
    expect(byTutor.status).toBe(200);

    const read = await thread(classmate, asked.body._id);
    expect(read.body.question).toMatchObject({
      answerCount: 2,
      instructorAnswered: true,
      acceptedAnswerId: fromTutor.body._id,
    });
    expect(read.body.answers.map((a) => [a._id, a.accepted])).toEqual([
      [fromTutor.body._id, true],
      [fromClassmate.body._id, false],
    ]);
    const waiting = await list(tutor, '?sort=unanswered');
    expect(waiting.body.questions.map((q) => q._id)).not.toContain(asked.body._id);
  });

  it('counts one upvote per user however many clicks race, and a second click takes it back', async () => {
    const asked = await ask(student, { title: 'Keys in lists, why?', body: 'Why do lists need keys?' });
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () =>
        stack.call<{ upvoted: boolean; upvotes: number }>(
          'POST',
          `/api/v1/questions/${asked.body._id}/upvote`,
          { as: classmate },
        ),
      ),
    );
    expect(clicks.every((click) => click.status === 200)).toBe(true);
    const after = (await thread(classmate, asked.body._id)).body.question;
    // Ten toggles end where they started; whatever the interleaving, the count is the votes.
    expect(after.upvotes).toBe(after.upvoted ? 1 : 0);
    const once = await stack.call<{ upvoted: boolean; upvotes: number }>(
      'POST',
      `/api/v1/questions/${asked.body._id}/upvote`,
      { as: tutor },
    );
    expect(once.body.upvotes).toBe(after.upvotes + 1);
    const back = await stack.call<{ upvoted: boolean; upvotes: number }>(
      'POST',
      `/api/v1/questions/${asked.body._id}/upvote`,
      { as: tutor },
    );
    expect(back.body).toEqual({ upvoted: false, upvotes: after.upvotes });
    expect(
      (await stack.call('POST', `/api/v1/questions/${asked.body._id}/upvote`, { as: student })).status,
    ).toBe(400);
  });

  it('renders Markdown without script, links marked as user content', async () => {
    const asked = await ask(student, {
      title: 'Is this link safe?',
      body: 'See [the docs](https://react.dev) <script>alert(1)</script> [x](javascript:alert(1))',
    });
    expect(asked.body.bodyHtml).toContain('href="https://react.dev"');
    expect(asked.body.bodyHtml).toContain('rel="nofollow ugc noopener noreferrer"');
    expect(asked.body.bodyHtml).not.toMatch(/<script|href="javascript:/);
    expect(asked.body.bodyHtml).toContain('&lt;script&gt;');
  });

  it('lets authors change and delete their own posts only', async () => {
    const asked = await ask(student, { title: 'First try at asking', body: 'Draft' });
    expect(
      (
        await stack.call('PUT', `/api/v1/questions/${asked.body._id}`, {
          as: classmate,
          body: { body: 'Mine now' },
        })
      ).status,
    ).toBe(404);
    const edited = await stack.call<Question & { editedAt: string | null }>(
      'PUT',
      `/api/v1/questions/${asked.body._id}`,
      { as: student, body: { body: 'Final' } },
    );
    expect(edited.body.editedAt).not.toBeNull();
    expect(
      (await stack.call('DELETE', `/api/v1/questions/${asked.body._id}`, { as: classmate })).status,
    ).toBe(404);
    expect((await stack.call('DELETE', `/api/v1/questions/${asked.body._id}`, { as: student })).status).toBe(
      200,
    );
    expect((await thread(student, asked.body._id)).status).toBe(404);
  });
});

describe('the posting limit', () => {
  it('lets a user post ten times a minute, then says how long to wait', async () => {
    const poster = await enrolled('poster');
    const asked = await ask(poster, { title: 'Counting my posts', body: 'One' });
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let n = 0; n < 10; n += 1) {
      const posted = await answer(poster, asked.body._id, `Answer ${n}`);
      statuses.push(posted.status);
      if (posted.status === 429) retryAfter = posted.headers.get('retry-after') ?? undefined;
    }
    expect(statuses.slice(0, 9).every((status) => status === 201)).toBe(true);
    expect(statuses[9]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('a deleted asker', () => {
  it('leaves the thread with its answers, the question shown as by "deleted user"', async () => {
    const leaving = await enrolled('leaving');
    const asked = await ask(leaving, { title: 'Will this stay here?', body: 'Even after I go?' });
    await answer(tutor, asked.body._id, 'It stays for the next student.');
    expect((await stack.call('DELETE', `/api/v1/delete-user/${leaving._id}`, { as: admin })).status).toBe(
      200,
    );
    const kept = await eventually(
      async () => {
        const read = await thread(classmate, asked.body._id);
        return read.body.question?.author._id === null ? read.body : undefined;
      },
      20_000,
      'the question shown as by a deleted user',
    );
    expect(kept.question.author.name).toBe('deleted user');
    expect(kept.answers).toHaveLength(1);
    expect(kept.answers[0]?.author.instructor).toBe(true);
  });
});
