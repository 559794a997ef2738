import type { Answer, Cart, CourseCard, LiveSession, Question, UserData } from '@liveedu/api-client';
import type { Routes } from './api-server.ts';

/** A course as the list calls answer it; `fields` overrides what the test cares about. */
export function courseCard(fields: Partial<CourseCard> & { _id: string }): CourseCard {
  return {
    title: `Course ${fields._id}`,
    thumbnail: `${fields._id}.png`,
    price: 499,
    difficulity: 'beginner',
    category: 'Design',
    reviews: [],
    courseCreatedBy: { _id: 't1', username: 'meera' },
    ...fields,
  } as CourseCard;
}

/** The cart as the cart service answers it when it holds these courses and no coupon (totals left at 0). */
export function cartOf(courseIds: string[]): Cart {
  return { courseIds, items: [], count: courseIds.length, total: 0, payable: 0, coupon: null };
}

/**
 * The cart's calls over a cart that starts with these courses: GET answers it as it stands, PUT
 * replaces its courses (as the cart service does), so a page that adds a course reads it back.
 */
export function cartRoutes(courseIds: string[]): Routes {
  let held = courseIds;
  return {
    'GET /api/v1/cart': () => ({ body: cartOf(held) }),
    'PUT /api/v1/cart': ({ body }) => {
      held = (body as { courseIds: string[] }).courseIds;
      return { body: cartOf(held) };
    },
  };
}

/** The signed-in user as `getUserData` answers it: a student with no application unless `fields` say otherwise. */
export function userData(fields: Partial<UserData> & Pick<UserData, 'email' | 'username'>): UserData {
  return { avatar: '', role: 'student', desc: '', stausOfPage: 'none', ...fields } as UserData;
}

const MINUTE = 60_000;

/**
 * A live class of course c1 (Algorithms, by meera) as the live service answers it: an hour from
 * `startsAt`, its room open ten minutes before, not yet begun; `fields` override what the test cares about.
 */
export function liveSession(startsAt: Date, fields: Partial<LiveSession> = {}): LiveSession {
  const at = (minutes: number) => new Date(startsAt.getTime() + minutes * MINUTE).toISOString();
  return {
    _id: 's1',
    courseId: 'c1',
    courseTitle: 'Algorithms',
    tutorId: 't1',
    tutorName: 'meera',
    title: 'Graphs, live',
    description: '',
    startsAt: at(0),
    durationMin: 60,
    endsAt: at(60),
    joinOpensAt: at(-10),
    state: 'upcoming',
    recording: null,
    ...fields,
  };
}

/** What a post shows before anyone acts on it: not edited, no upvotes, not the viewer's, not hidden. */
const UNTOUCHED_POST = { editedAt: null, upvotes: 0, upvoted: false, mine: false, hidden: false } as const;

/**
 * A question as the community service answers it, not yet answered, followed or tied to a second
 * of the video; `fields` say what it asks, who asked and when, and override the rest.
 */
export function questionPost(
  fields: Pick<
    Question,
    '_id' | 'courseId' | 'itemId' | 'title' | 'body' | 'bodyHtml' | 'author' | 'createdAt'
  > &
    Partial<Question>,
): Question {
  return {
    atSec: null,
    ...UNTOUCHED_POST,
    answerCount: 0,
    acceptedAnswerId: null,
    instructorAnswered: false,
    following: false,
    ...fields,
  };
}

/** An answer as the community service answers it, not accepted; `fields` say what it says, who and when. */
export function answerPost(
  fields: Pick<Answer, '_id' | 'questionId' | 'body' | 'bodyHtml' | 'author' | 'createdAt'> & Partial<Answer>,
): Answer {
  return { ...UNTOUCHED_POST, accepted: false, ...fields };
}
