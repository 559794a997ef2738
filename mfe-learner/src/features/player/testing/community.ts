import type { Announcement, Answer, PostAuthor, Question, QuestionInList } from '@liveedu/api-client';
import type { ApiRequest } from '@liveedu/web-test-kit';
import { answerPost, json, questionPost } from '@liveedu/web-test-kit';

/** What the fake community service knows: questions with their answers, announcements, who upvoted. */
export interface CommunityState {
  questions: Question[];
  answers: Answer[];
  announcements: Announcement[];
  /** Posting is refused as too fast, with this `Retry-After`, while set. */
  postingBlockedFor?: number;
  reports: Array<{ questionId?: string; answerId?: string; reason: string }>;
}

const ME: PostAuthor = { _id: 'u1', name: 'student', instructor: false };
export const TUTOR: PostAuthor = { _id: 't1', name: 'Teacher Tina', instructor: true };
const NOW = '2026-11-28T10:00:00.000Z';

let ids = 0;
/** A fresh 24-hex id, as the service makes. */
export function objectId(): string {
  ids += 1;
  return `ab${String(ids).padStart(22, '0')}`;
}

/** A question as the service stores it, for a test's starting state. */
export function aQuestion(fields: Partial<Question> & Pick<Question, 'title'>): Question {
  return questionPost({
    _id: objectId(),
    courseId: 'c1',
    itemId: 'v1',
    body: `${fields.title} — details`,
    bodyHtml: `<p>${fields.title} — details</p>`,
    author: { _id: 'u2', name: 'Asha', instructor: false },
    createdAt: NOW,
    ...fields,
  });
}

export function anAnswer(fields: Partial<Answer> & Pick<Answer, 'questionId' | 'body'>): Answer {
  return answerPost({
    _id: objectId(),
    bodyHtml: `<p>${fields.body}</p>`,
    author: TUTOR,
    createdAt: NOW,
    ...fields,
  });
}

export function anAnnouncement(n: number): Announcement {
  const day = String(1 + (n % 28)).padStart(2, '0');
  return {
    _id: objectId(),
    courseId: 'c1',
    title: `Announcement ${n}`,
    body: `News number ${n}`,
    bodyHtml: `<p>News number ${n}</p>`,
    author: TUTOR,
    createdAt: `2026-10-${day}T09:00:00.000Z`,
  };
}

function inList(q: Question): QuestionInList {
  const { body, bodyHtml: _html, ...rest } = q;
  return { ...rest, excerpt: body.slice(0, 200) };
}

const PAGE = 20;
function paged<T>(all: T[], url: URL) {
  const page = Number(url.searchParams.get('page') ?? '1');
  return {
    page,
    pages: Math.ceil(all.length / PAGE),
    total: all.length,
    slice: all.slice((page - 1) * PAGE, page * PAGE),
  };
}

const newest = (a: { createdAt: string }, b: { createdAt: string }) => b.createdAt.localeCompare(a.createdAt);
const words = (text: string) => text.toLowerCase().split(/\W+/).filter(Boolean);

/** Answers the community calls of the agreed API from `state`, or null for any other call. */
export function respondCommunity(state: CommunityState, request: ApiRequest): Response | null {
  const { method } = request;
  const url = new URL(request.path, 'http://test');
  const [, , what, a, b, c, d] = url.pathname.split('/').filter(Boolean);
  const body = (request.body ?? {}) as Record<string, unknown>;
  const posting = () =>
    state.postingBlockedFor === undefined
      ? null
      : new Response(JSON.stringify({ message: 'Too many posts' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': String(state.postingBlockedFor) },
        });

  if (what === 'courses' && b === 'questions') {
    if (method === 'POST') {
      const refused = posting();
      if (refused) return refused;
      const question = aQuestion({
        title: String(body.title),
        body: String(body.body),
        bodyHtml: `<p>${String(body.body)}</p>`,
        itemId: (body.itemId as string | undefined) ?? null,
        atSec: (body.atSec as number | undefined) ?? null,
        author: ME,
        mine: true,
        following: true,
        createdAt: new Date().toISOString(),
      });
      state.questions.push(question);
      return json(question, 201);
    }
    const itemId = url.searchParams.get('itemId');
    const sort = url.searchParams.get('sort') ?? 'newest';
    const q = url.searchParams.get('q');
    let found = state.questions.filter((x) => x.courseId === a && (!itemId || x.itemId === itemId));
    if (q) {
      const asked = words(q);
      found = found.filter((x) =>
        asked.some((w) => words(`${x.title} ${x.body}`).some((v) => v.startsWith(w))),
      );
    } else if (sort === 'top') {
      found = [...found].sort((x, y) => y.upvotes - x.upvotes || newest(x, y));
    } else if (sort === 'unanswered') {
      found = found.filter((x) => x.answerCount === 0).sort(newest);
    } else {
      found = [...found].sort(newest);
    }
    const { slice, ...page } = paged(found, url);
    return json({ questions: slice.map(inList), ...page });
  }
  if (what === 'courses' && b === 'announcements') {
    const { slice, ...page } = paged([...state.announcements].sort(newest), url);
    return json({ announcements: slice, ...page });
  }
  if (what === 'reports' && method === 'POST') {
    const refused = posting();
    if (refused) return refused;
    state.reports.push(body as CommunityState['reports'][number]);
    return json({ _id: objectId(), status: 'open' }, 201);
  }
  if (what !== 'questions' || !a) return null;

  const question = state.questions.find((x) => x._id === a);
  if (!question) return json({ message: 'Question not found' }, 404);
  const answersOf = () =>
    state.answers
      .filter((x) => x.questionId === a)
      .sort((x, y) => Number(y.accepted) - Number(x.accepted) || y.upvotes - x.upvotes);
  const toggle = (post: { upvotes: number; upvoted: boolean; mine: boolean }) => {
    if (post.mine) return json({ message: 'You cannot upvote your own post' }, 400);
    post.upvoted = !post.upvoted;
    post.upvotes += post.upvoted ? 1 : -1;
    return json({ upvoted: post.upvoted, upvotes: post.upvotes });
  };
  if (!b) {
    if (method === 'GET') return json({ question, answers: answersOf() });
    if (method === 'PUT') {
      Object.assign(question, body, {
        editedAt: NOW,
        bodyHtml: `<p>${String(body.body ?? question.body)}</p>`,
      });
      return json(question);
    }
    state.questions = state.questions.filter((x) => x !== question);
    return json({ message: 'Question deleted' });
  }
  if (b === 'upvote') return toggle(question);
  if (b === 'follow') {
    question.following = body.follow === true;
    return json({ following: question.following });
  }
  if (b === 'accepted') {
    for (const x of answersOf()) x.accepted = x._id === body.answerId;
    question.acceptedAnswerId = String(body.answerId);
    return json(question);
  }
  if (b === 'answers') {
    if (!c && method === 'POST') {
      const refused = posting();
      if (refused) return refused;
      const made = anAnswer({ questionId: a, body: String(body.body), author: ME, mine: true });
      state.answers.push(made);
      question.answerCount += 1;
      question.following = true;
      return json(made, 201);
    }
    const answer = state.answers.find((x) => x._id === c && x.questionId === a);
    if (!answer) return json({ message: 'Answer not found' }, 404);
    if (d === 'upvote') return toggle(answer);
    if (method === 'PUT') {
      Object.assign(answer, { body: body.body, bodyHtml: `<p>${String(body.body)}</p>`, editedAt: NOW });
      return json(answer);
    }
    state.answers = state.answers.filter((x) => x !== answer);
    question.answerCount -= 1;
    return json({ message: 'Answer deleted' });
  }
  return null;
}

export function emptyCommunity(): CommunityState {
  return { questions: [], answers: [], announcements: [], reports: [] };
}
