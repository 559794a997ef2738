import type { Answer, Question, QuestionInList } from '@liveedu/api-client';
import {
  answer,
  answerPost,
  json,
  questionPost,
  requestedPaths,
  requests,
  unexpected,
} from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TutorApp from '../../../app/remote-app.tsx';
import { FILTER_COURSES } from '../../../shared/testing/filter-courses.ts';
import { renderPage } from '../../../shared/testing/render-page.tsx';

const COURSE_TITLES: Record<string, string> = Object.fromEntries(
  FILTER_COURSES.createdCourses.map((c) => [c._id, c.title]),
);

const student = (name: string) => ({ _id: `u-${name}`, name, instructor: false });

function question(n: number, changes: Partial<Question> = {}): Question {
  return questionPost({
    _id: `q${n}`,
    courseId: 'c1',
    itemId: 'lesson-1',
    atSec: 125,
    title: `Why does question ${n} happen?`,
    body: `The body of question ${n}.`,
    bodyHtml: `<p>The body of question ${n}.</p>`,
    author: student('Ravi'),
    createdAt: new Date(Date.now() - n * 60 * 60_000).toISOString(),
    ...changes,
  });
}

function reply(n: number, questionId: string, changes: Partial<Answer> = {}): Answer {
  return answerPost({
    _id: `a${n}`,
    questionId,
    body: `Answer ${n}`,
    bodyHtml: `<p>Answer ${n}</p>`,
    author: student('Asha'),
    createdAt: new Date(Date.now() - 30 * 60_000).toISOString(),
    ...changes,
  });
}

/**
 * The community service over `questions` and their `answers`: the inbox (unanswered first, then
 * newest; by course and status), a thread, answering as the instructor and accepting. `next.limit`
 * answers the next post with a 429 and that Retry-After.
 */
function communityServer(
  questions: Question[],
  answers: Answer[] = [],
  options: { pastFirstPage?: string[] } = {},
) {
  const next: { limit?: string } = {};
  const listed = (q: Question): QuestionInList => {
    const { body: _body, bodyHtml: _html, ...rest } = q;
    return { ...rest, excerpt: q.body.slice(0, 200), courseTitle: COURSE_TITLES[q.courseId] };
  };
  answer((request) => {
    const url = new URL(`http://x${request.path}`);
    if (url.pathname === '/api/v1/get-tutors-courses') return json(FILTER_COURSES);
    if (url.pathname === '/api/v1/tutor/questions') {
      const status = url.searchParams.get('status') ?? 'all';
      const course = url.searchParams.get('courseId');
      const kept = questions
        .filter((q) => !options.pastFirstPage?.includes(q._id))
        .filter((q) => (!course || q.courseId === course) && (status === 'all' || q.answerCount === 0))
        .sort((a, b) => Number(b.answerCount === 0) - Number(a.answerCount === 0));
      return json({
        questions: kept.map(listed),
        page: 1,
        pages: 1,
        total: kept.length,
        unanswered: kept.filter((q) => q.answerCount === 0).length,
      });
    }
    const thread = /^\/api\/v1\/questions\/(\w+)$/.exec(url.pathname);
    if (thread && request.method === 'GET') {
      const found = questions.find((q) => q._id === thread[1]);
      if (!found) return json({ message: 'Question not found' }, 404);
      const its = answers.filter((a) => a.questionId === found._id);
      return json({
        question: found,
        answers: [...its.filter((a) => a.accepted), ...its.filter((a) => !a.accepted)],
      });
    }
    const answered = /^\/api\/v1\/questions\/(\w+)\/answers$/.exec(url.pathname);
    if (answered && request.method === 'POST') {
      if (next.limit) {
        const wait = next.limit;
        next.limit = undefined;
        return new Response(JSON.stringify({ message: 'Too many posts' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': wait },
        });
      }
      const found = questions.find((q) => q._id === answered[1])!;
      const posted = reply(answers.length + 100, found._id, {
        body: (request.body as { body: string }).body,
        bodyHtml: `<p>${(request.body as { body: string }).body}</p>`,
        author: { _id: 'tutor-1', name: 'Meera', instructor: true },
        createdAt: new Date().toISOString(),
        mine: true,
      });
      answers.push(posted);
      found.answerCount += 1;
      found.instructorAnswered = true;
      return json(posted, 201);
    }
    const accepted = /^\/api\/v1\/questions\/(\w+)\/accepted$/.exec(url.pathname);
    if (accepted && request.method === 'PUT') {
      const found = questions.find((q) => q._id === accepted[1])!;
      const { answerId } = request.body as { answerId: string };
      for (const a of answers) if (a.questionId === found._id) a.accepted = a._id === answerId;
      found.acceptedAnswerId = answerId;
      return json(found);
    }
    return unexpected(request);
  });
  return next;
}

const openInbox = (path = '/profile/questions') =>
  renderPage(<TutorApp page="questions" />, { path, pattern: '/profile/questions' });
const card = (title: string) => screen.findByRole('article', { name: title });

describe("the tutor's questions inbox", () => {
  it('lists the questions unanswered first, with course, moment, asker and state', async () => {
    communityServer([
      question(1, { answerCount: 2, instructorAnswered: true, acceptedAnswerId: 'a1' }),
      question(2, { courseId: 'c2', atSec: null, itemId: null }),
    ]);
    openInbox();
    const list = await screen.findByRole('list', { name: 'Questions' });
    const titles = within(list)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(titles).toEqual(['Why does question 2 happen?', 'Why does question 1 happen?']);
    expect(screen.getByText('1 waiting for an answer')).toBeTruthy();

    const waiting = await card('Why does question 2 happen?');
    expect(within(waiting).getByText('Statistics with Python')).toBeTruthy();
    expect(within(waiting).getByText('No answers yet')).toBeTruthy();
    expect(within(waiting).getByText(/Asked by Ravi/)).toBeTruthy();
    expect(within(waiting).queryByRole('link', { name: 'Open in the lesson' })).toBeNull();

    const answered = await card('Why does question 1 happen?');
    expect(within(answered).getByText('Typed JavaScript · at 2:05 in the lesson')).toBeTruthy();
    expect(within(answered).getByText('2 answers')).toBeTruthy();
    expect(within(answered).getByText('You answered')).toBeTruthy();
    expect(within(answered).getByText('Has an accepted answer')).toBeTruthy();
    expect(within(answered).getByRole('link', { name: 'Open in the lesson' }).getAttribute('href')).toBe(
      '/learn/c1/user/tutor-1?item=lesson-1&t=125&question=q1',
    );
  });

  it('filters by status and course, and says when no question is waiting', async () => {
    communityServer([question(1, { answerCount: 1 }), question(2, { courseId: 'c2' })]);
    openInbox();
    await card('Why does question 1 happen?');
    fireEvent.change(screen.getByLabelText('Course'), { target: { value: 'c1' } });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Why does question 2 happen?' })).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unanswered' }));
    expect(await screen.findByText('No questions waiting')).toBeTruthy();
    expect(requestedPaths()).toContain('/api/v1/tutor/questions?status=unanswered&courseId=c1');
  });

  it('answers inline: the answer shows as the instructor’s and the question as answered', async () => {
    communityServer([question(1)]);
    openInbox();
    const found = await card('Why does question 1 happen?');
    fireEvent.click(within(found).getByRole('button', { name: 'Answer' }));
    expect(await within(found).findByText('The body of question 1.')).toBeTruthy();
    const form = within(found).getByRole('form', { name: 'Answer: Why does question 1 happen?' });
    fireEvent.click(within(form).getByRole('button', { name: 'Post answer' }));
    expect(within(form).getByRole('alert').textContent).toBe('Write your answer first');
    fireEvent.change(within(form).getByLabelText('Your answer'), {
      target: { value: 'Because the type is widened.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Post answer' }));

    const answers = await within(found).findByRole('list', { name: 'Answers' });
    expect(within(answers).getByText('Because the type is widened.')).toBeTruthy();
    expect(within(answers).getByText('Meera')).toBeTruthy();
    expect(within(answers).getByText('Instructor')).toBeTruthy();
    expect(await within(found).findByText('You answered')).toBeTruthy();
    expect(within(found).getByText('1 answer')).toBeTruthy();
    expect((within(form).getByLabelText('Your answer') as HTMLTextAreaElement).value).toBe('');
    const post = requests().find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/v1/questions/q1/answers');
    expect(post?.body).toEqual({ body: 'Because the type is widened.' });
  });

  it('accepts an answer', async () => {
    communityServer([question(1, { answerCount: 1 })], [reply(1, 'q1')]);
    openInbox();
    const found = await card('Why does question 1 happen?');
    fireEvent.click(within(found).getByRole('button', { name: 'Open the thread' }));
    fireEvent.click(await within(found).findByRole('button', { name: 'Accept the answer of Asha' }));
    expect(await within(found).findByText('Accepted answer')).toBeTruthy();
    expect(within(found).queryByRole('button', { name: 'Accept the answer of Asha' })).toBeNull();
    const put = requests().find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/v1/questions/q1/accepted');
    expect(put?.body).toEqual({ answerId: 'a1' });
    expect(await within(found).findByText('Has an accepted answer')).toBeTruthy();
  });

  it('opens the thread a link names, and keeps it open while the list changes', async () => {
    communityServer([question(1), question(2, { answerCount: 3 })]);
    openInbox('/profile/questions?question=q1');
    const found = await card('Why does question 1 happen?');
    expect(
      await within(found).findByRole('form', { name: 'Answer: Why does question 1 happen?' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unanswered' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Why does question 2 happen?' })).toBeNull(),
    );
    expect(await screen.findByRole('form', { name: 'Answer: Why does question 1 happen?' })).toBeTruthy();
  });

  it('opens above the list a thread the link names that is not among the questions shown', async () => {
    // q9 is further down the inbox than its first page.
    communityServer([question(1), question(9, { courseId: 'c2', answerCount: 1 })], [], {
      pastFirstPage: ['q9'],
    });
    openInbox('/profile/questions?question=q9');
    const elsewhere = await screen.findByRole('article', { name: 'The question you opened' });
    expect(
      await within(elsewhere).findByRole('heading', { name: 'Why does question 9 happen?' }),
    ).toBeTruthy();
  });

  it('says when to try again after too many posts', async () => {
    const next = communityServer([question(1)]);
    openInbox('/profile/questions?question=q1');
    const found = await card('Why does question 1 happen?');
    const form = await within(found).findByRole('form', { name: 'Answer: Why does question 1 happen?' });
    next.limit = '45';
    fireEvent.change(within(form).getByLabelText('Your answer'), { target: { value: 'Soon.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post answer' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'You are posting too often; try again in 45 seconds',
    );
  });

  it('says when there are no questions yet', async () => {
    communityServer([]);
    openInbox();
    expect(await screen.findByText('No questions yet')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    answer(({ path }) =>
      path.startsWith('/api/v1/tutor/questions')
        ? json({ message: 'Questions are unavailable' }, 503)
        : json(FILTER_COURSES),
    );
    openInbox();
    expect(await screen.findByText('Questions are unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
