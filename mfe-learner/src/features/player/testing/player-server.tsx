import type {
  Assignment,
  CertificateSummary,
  CourseProgress,
  LearnerQuiz,
  LiveStatus,
  Note,
  QuizAnswer,
  QuizAttemptResult,
  Submission,
} from '@liveedu/api-client';
import {
  type ApiRequest,
  answer,
  createTestStore,
  json,
  renderWithProviders,
  unexpected,
} from '@liveedu/web-test-kit';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CoursePlayerPage } from '../components/course-player-page.tsx';
import { type CommunityState, emptyCommunity, respondCommunity } from './community.ts';

/** What the fake server of the player's tests knows; the tests change it and read what was written. */
export interface PlayerState {
  course: { title: string; courseContent: unknown[][] };
  progress: CourseProgress;
  quizzes: Record<string, LearnerQuiz>;
  /** Grades an attempt; a thrown `[status, message]` answers that error. */
  grade?: (itemId: string, answers: QuizAnswer[]) => QuizAttemptResult | [number, string];
  assignments: Record<string, Assignment>;
  submissions: Submission[];
  notes: Note[];
  certificates: CertificateSummary[];
  /** The course's questions, answers and announcements. */
  community: CommunityState;
  /** Whether the course is live now and when its next live class starts. */
  live: LiveStatus;
}

export const COURSE_ID = 'c1';
const NOW = '2026-11-28T10:00:00.000Z';

export function emptyProgress(): CourseProgress {
  return { percent: 0, completedItems: 0, resume: null, items: [] };
}

/** Marks an item completed in the progress, as the catalog does. */
export function complete(state: PlayerState, itemId: string, itemCount: number) {
  const items = state.progress.items.filter((i) => i.itemId !== itemId);
  items.push({ itemId, positionSec: 0, completed: true });
  const done = items.filter((i) => i.completed).length;
  state.progress = {
    ...state.progress,
    items,
    completedItems: done,
    percent: Math.round((100 * done) / itemCount),
  };
}

let noteIds = 0;

function respond(state: PlayerState, request: ApiRequest): Response {
  const { method, path } = request;
  const url = new URL(path, 'http://test');
  const parts = url.pathname.split('/').filter(Boolean).slice(2);
  const [what, a, b, c, d] = parts;
  const body = request.body as Record<string, unknown>;
  if (what === 'learn-course') return json(state.course);
  if (what === 'courses' && b === 'live-status') return json(state.live);
  const community = respondCommunity(state.community, request);
  if (community) return community;
  if (what === 'progress') {
    if (method === 'PUT' && b && body?.completed) {
      const count = state.course.courseContent.flat().length;
      complete(state, b, count);
    }
    return json(state.progress);
  }
  if (what === 'quiz' && b) {
    const quiz = state.quizzes[b];
    if (!quiz) return json({ message: 'This item has no quiz' }, 404);
    if (method === 'POST' && c === 'attempts') {
      const graded = state.grade?.(b, (body.answers as QuizAnswer[]) ?? []);
      if (!graded) return json({ message: 'No grader' }, 500);
      if (Array.isArray(graded)) return json({ message: graded[1] }, graded[0]);
      const used = quiz.mine.attempts + 1;
      state.quizzes[b] = {
        ...quiz,
        mine: {
          attempts: used,
          attemptsLeft: graded.attemptsLeft,
          bestScorePercent: Math.max(quiz.mine.bestScorePercent ?? 0, graded.scorePercent),
          passed: quiz.mine.passed || graded.passed,
        },
      };
      return json(graded);
    }
    return json(quiz);
  }
  if (what === 'assignments' && b) {
    if (c === 'submissions' && d === 'mine') {
      return json({ submissions: state.submissions.filter((s) => s.itemId === b) });
    }
    if (c === 'submissions' && method === 'POST') {
      const form = request.body as FormData;
      const file = form.get('file') as File | null;
      const made: Submission = {
        _id: `s${state.submissions.length + 1}`,
        studentId: 'u1',
        studentName: 'student',
        courseId: COURSE_ID,
        itemId: b,
        courseTitle: state.course.title,
        itemTitle: 'Assignment',
        status: 'pending',
        text: (form.get('text') as string | null) ?? '',
        ...(file
          ? { file: { name: file.name, kind: 'pdf', size: file.size, url: `/files/${file.name}` } }
          : {}),
        submittedAt: NOW,
      };
      state.submissions.unshift(made);
      return json(made, 201);
    }
    const assignment = state.assignments[b];
    return assignment ? json(assignment) : json({ message: 'No assignment' }, 404);
  }
  if (what === 'notes') {
    if (a === 'export') {
      return new Response(state.notes.map((n) => `- ${n.text}`).join('\n'), {
        headers: { 'content-type': 'text/markdown; charset=utf-8' },
      });
    }
    if (method === 'GET') {
      const itemId = url.searchParams.get('itemId');
      const notes = state.notes
        .filter((n) => n.itemId === itemId)
        .sort((x, y) => (x.atSec ?? 0) - (y.atSec ?? 0));
      return json({ notes, total: notes.length, page: 1, pages: notes.length ? 1 : 0 });
    }
    if (method === 'POST') {
      noteIds += 1;
      const note = { _id: `n${noteIds}`, ...(body as object), createdAt: NOW, updatedAt: NOW } as Note;
      state.notes.push(note);
      return json(note, 201);
    }
    const note = state.notes.find((n) => n._id === a);
    if (!note) return json({ message: 'No such note' }, 404);
    if (method === 'PUT') {
      Object.assign(note, body);
      return json(note);
    }
    state.notes = state.notes.filter((n) => n._id !== a);
    return json({ message: 'Note deleted' });
  }
  if (what === 'certificates') return json(state.certificates);
  if (what === 'videos' && b === 'playback') {
    return json({ url: `/media/${a}/master.m3u8`, poster: '', captions: [] });
  }
  if (what === 'create-review') return json({ message: 'Review added successfully' }, 201);
  return unexpected({ method, path });
}

/** Answers every call of the player from `state`, as the services would. */
export function servePlayer(state: Partial<PlayerState> & Pick<PlayerState, 'course'>): PlayerState {
  const full: PlayerState = {
    progress: emptyProgress(),
    quizzes: {},
    assignments: {},
    submissions: [],
    notes: [],
    certificates: [],
    community: emptyCommunity(),
    live: { live: false, sessionId: null, nextStartsAt: null },
    ...state,
  };
  answer((request) => respond(full, request));
  return full;
}

/** The player at /learn/c1/user/u1 for the student u1; `search` as a notification's link adds it (`?item=…`). */
export function renderPlayer(search = '') {
  const store = createTestStore({ userId: 'u1', token: 't1' });
  const router = createMemoryRouter(
    [{ path: '/learn/:courseid/user/:userid', Component: CoursePlayerPage }],
    {
      initialEntries: [`/learn/${COURSE_ID}/user/u1${search}`],
    },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />, store), router };
}
