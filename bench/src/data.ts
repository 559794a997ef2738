/**
 * The benchmark data set, generated deterministically: every document is a pure function of its
 * index and the seed, so course 4,217 is the same course whether the set was seeded in one go or
 * topped up from 1,000 to 10,000 to 100,000.
 *
 * Every document is typed by the document type its service exports (identity `users`, catalog
 * `courses`, `tutors`, `enrollments`, `reviews`, payments `payments`, earnings `ledger` and
 * `users`), with derived fields made as the service's own code makes them: a change of shape there
 * breaks this file's type check, not the bench's figures.
 */
import type { CourseDoc as CatalogCourseDoc, EnrollmentDoc, ReviewDoc, TutorDoc } from '@liveedu/catalog';
import type { UserDoc as EarningsUserDoc, LedgerEntry } from '@liveedu/earnings';
import type { UserDoc as IdentityUserDoc } from '@liveedu/identity';
import type { PaymentDoc } from '@liveedu/payments';
import { ObjectId } from 'mongodb';

export interface DataSize {
  tutors: number;
  students: number;
  /** Courses of the main data set: each has `reviewsPerCourse` reviews by enrolled students. */
  courses: number;
  reviewsPerCourse: number;
  sectionsPerCourse: number;
  itemsPerSection: number;
  /** Categories the courses are spread over (the catalog seeds its own list at start). */
  categories: number;
}

/** 100k courses, 500k reviews (each by a student who bought the course), 51k accounts. */
export const FULL_SIZE: DataSize = {
  tutors: 1_000,
  students: 50_000,
  courses: 100_000,
  reviewsPerCourse: 5,
  sectionsPerCourse: 3,
  itemsPerSection: 5,
  categories: 12,
};

export const SMOKE_SIZE: DataSize = {
  tutors: 10,
  students: 50,
  courses: 300,
  reviewsPerCourse: 5,
  sectionsPerCourse: 3,
  itemsPerSection: 5,
  categories: 12,
};

/** The password of every generated account (one hash, made once by the identity service). */
export const BENCH_PASSWORD = 'bench-password-1';

/** 32-bit seeded generator (mulberry32): the same seed gives the same stream everywhere. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stream for one document: independent of the order documents are made in. */
const streamFor = (seed: number, kind: number, index: number) =>
  prng((seed * 2654435761) ^ (kind * 40503) ^ Math.imul(index + 1, 2246822519));

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

/** Fixed, readable ObjectIds: two hex digits of kind, then the index. */
const KIND = { tutor: 'b1', student: 'b2', course: 'b3', payment: 'b4', extra: 'b5' } as const;
export const oid = (kind: keyof typeof KIND, index: number) =>
  new ObjectId(`${KIND[kind]}${index.toString(16).padStart(22, '0')}`);

const ADJECTIVES = [
  'Complete',
  'Practical',
  'Modern',
  'Hands-on',
  'Essential',
  'Advanced',
  'Beginner',
  'Ultimate',
  'Applied',
  'Professional',
  'Intensive',
  'Friendly',
] as const;
/** Topics: a search for one of them matches about 1 course in 60. */
export const TOPICS = [
  'JavaScript',
  'TypeScript',
  'Python',
  'React',
  'Node.js',
  'SQL',
  'MongoDB',
  'Docker',
  'Kubernetes',
  'Go',
  'Rust',
  'Java',
  'Kotlin',
  'Swift',
  'Flutter',
  'Django',
  'Pandas',
  'TensorFlow',
  'PyTorch',
  'Excel',
  'Figma',
  'Photoshop',
  'Illustrator',
  'Guitar',
  'Piano',
  'Singing',
  'Photography',
  'Lightroom',
  'Marketing',
  'SEO',
  'Copywriting',
  'Leadership',
  'Negotiation',
  'Public Speaking',
  'Accounting',
  'Investing',
  'Statistics',
  'Linux',
  'Networking',
  'Ethical Hacking',
  'AWS',
  'Azure',
  'GCP',
  'Terraform',
  'GraphQL',
  'Vue',
  'Angular',
  'Svelte',
  'CSS',
  'HTML',
  'C++',
  'C#',
  'Unity',
  'Blender',
  'Data Analysis',
  'Machine Learning',
  'Deep Learning',
  'Product Management',
  'Agile',
  'Time Management',
] as const;
/** Words a visitor may search for: every word of a topic, lower-cased as typed. */
export const SEARCH_WORDS: readonly string[] = [
  ...new Set(TOPICS.flatMap((topic) => topic.toLowerCase().split(' '))),
];
const FORMS = ['Bootcamp', 'Masterclass', 'Course', 'Crash Course', 'Workshop', 'in Practice'] as const;
const DIFFICULTIES = ['beginner', 'intermediate', 'advance', 'all level'] as const;
const COMMENTS = [
  'Clear explanations and good pacing.',
  'Exactly what I needed for my job.',
  'The projects made it click for me.',
  'Good course, a few videos could be shorter.',
  'Well structured from start to finish.',
  'Helpful, though the middle section drags.',
  'I recommend it to every beginner.',
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Course i was created at START + i × STEP: the newest course is the highest index. */
const START = Date.UTC(2023, 0, 1, 4, 30);
const COURSE_STEP_MS = 9 * 60 * 1000;
const USER_START = Date.UTC(2022, 6, 1, 6, 0);

const kolkataDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** `YYYY-MM-DD` and `YYYY-MM` in Asia/Kolkata, as every service keeps them. */
export function calendarKeys(at: Date): { day: string; month: string } {
  const day = kolkataDay.format(at);
  return { day, month: day.slice(0, 7) };
}

export const textKey = (value: string) => value.trim().toLowerCase();

export interface Person {
  _id: ObjectId;
  username: string;
  email: string;
  role: 'student' | 'tutor';
  desc: string;
  createdAt: Date;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function tutor(seed: number, i: number): Person {
  const rand = streamFor(seed, 1, i);
  return {
    _id: oid('tutor', i),
    username: `bench_tutor_${pad(i, 5)}`,
    email: `bench_tutor_${pad(i, 5)}@bench.liveedu.test`,
    role: 'tutor',
    desc: `I teach ${pick(rand, TOPICS)} and ${pick(rand, TOPICS)}; ${Math.floor(rand() * 15) + 2} years of experience.`,
    createdAt: new Date(USER_START + i * 37 * 60 * 1000),
  };
}

export function student(_seed: number, i: number): Person {
  return {
    _id: oid('student', i),
    username: `bench_student_${pad(i, 5)}`,
    email: `bench_student_${pad(i, 5)}@bench.liveedu.test`,
    role: 'student',
    desc: '',
    createdAt: new Date(USER_START + i * 11 * 60 * 1000),
  };
}

/** Accounts outside the data set's figures: buyers for the event-latency purchases and writers. */
export function extra(_seed: number, i: number, name: string): Person {
  return {
    _id: oid('extra', i),
    username: `bench_${name}`,
    email: `bench_${name}@bench.liveedu.test`,
    role: 'student',
    desc: '',
    createdAt: new Date(USER_START),
  };
}

export function identityUser(person: Person, passwordHash: string): IdentityUserDoc {
  return {
    _id: person._id,
    username: person.username,
    usernameKey: textKey(person.username),
    email: person.email,
    emailKey: textKey(person.email),
    passwordHash,
    role: person.role,
    avatar: '',
    desc: person.desc,
    stausOfPage: person.role === 'tutor' ? 'accept' : 'none',
    createdAt: person.createdAt,
    ...calendarKeys(person.createdAt),
    rev: 0,
  };
}

/** The catalog's read model of a user, as `identity.user.*` events leave it. */
export function catalogPerson(person: Person): TutorDoc {
  return {
    _id: person._id.toHexString(),
    username: person.username,
    usernameKey: textKey(person.username),
    avatar: '',
    desc: person.desc,
    role: person.role,
    updatedAt: person.createdAt,
  };
}

/** The earnings service's read model of a user. */
export function earningsPerson(person: Person): EarningsUserDoc {
  return {
    _id: person._id.toHexString(),
    username: person.username,
    email: person.email,
    usernameAt: person.createdAt,
  };
}

export interface Enrollment {
  studentIndex: number;
  rating: number;
  comment: string;
  at: Date;
}

/** Who reviewed (and so bought) course i: consecutive students, each ending with 10 courses. */
export function courseEnrollments(seed: number, size: DataSize, i: number): Enrollment[] {
  if (i >= size.courses) return [];
  const rand = streamFor(seed, 3, i);
  const created = START + i * COURSE_STEP_MS;
  return Array.from({ length: size.reviewsPerCourse }, (_, k) => {
    const roll = rand();
    return {
      studentIndex: (i * size.reviewsPerCourse + k) % size.students,
      rating: roll < 0.45 ? 5 : roll < 0.8 ? 4 : roll < 0.92 ? 3 : roll < 0.97 ? 2 : 1,
      comment: pick(rand, COMMENTS),
      at: new Date(created + (k + 1) * DAY_MS + Math.floor(rand() * DAY_MS)),
    };
  });
}

export function courseTutorIndex(size: DataSize, i: number) {
  return i % size.tutors;
}

export function pricePaise(seed: number, i: number) {
  const rand = streamFor(seed, 4, i);
  return (Math.floor(rand() * 40) * 100 + 399) * 100;
}

/** Course i, with the reviews of the students who bought it (none past `size.courses`). */
export function course(seed: number, size: DataSize, categories: string[], i: number): CourseDoc {
  const rand = streamFor(seed, 2, i);
  const topic = pick(rand, TOPICS);
  const title = `${pick(rand, ADJECTIVES)} ${topic} ${pick(rand, FORMS)} ${i + 1}`;
  const category = categories[i % Math.min(size.categories, categories.length)] as string;
  const tutorIndex = courseTutorIndex(size, i);
  const createdAt = new Date(START + i * COURSE_STEP_MS);
  const enrollments = courseEnrollments(seed, size, i);
  const reviews = enrollments.map((e) => ({
    userId: oid('student', e.studentIndex).toHexString(),
    rating: e.rating,
    comment: e.comment,
    createdAt: e.at,
  }));
  const ratingSum = reviews.reduce((sum, r) => sum + r.rating, 0);
  const ratingCount = reviews.length;
  const id = oid('course', i);
  return {
    _id: id,
    title,
    titleKey: textKey(title),
    desc: `Learn ${topic} step by step: ${size.sectionsPerCourse} sections of short videos with exercises. `.repeat(
      4,
    ),
    thumbnailKey: `bench/${id.toHexString()}.png`,
    pricePaise: pricePaise(seed, i),
    category,
    categoryKey: textKey(category),
    difficulity: pick(rand, DIFFICULTIES),
    benefits: `You will be able to use ${topic} at work.`,
    prerequistes: 'A computer and curiosity.',
    sections: Array.from({ length: size.sectionsPerCourse }, (_, s) => ({
      items: Array.from({ length: size.itemsPerSection }, (_, v) => ({
        sectionTitle: `Part ${s + 1}: ${topic} ${['basics', 'in depth', 'projects', 'practice'][s % 4]}`,
        videoTitle: `Lesson ${s + 1}.${v + 1}`,
        videoDesc: `What lesson ${s + 1}.${v + 1} of ${title} covers, and the exercise that goes with it.`,
        videoLink: `https://videos.bench.liveedu.test/${id.toHexString()}/${s + 1}-${v + 1}.mp4`,
      })),
    })),
    tutorId: oid('tutor', tutorIndex).toHexString(),
    tutorUsername: tutor(seed, tutorIndex).username,
    enrolledCount: reviews.length,
    // The catalog keeps the newest ten on the course; the rest live in its reviews collection.
    latestReviews: [...reviews].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 10),
    ratingSum,
    ratingCount,
    ratingAverage: ratingCount === 0 ? 0 : Math.round((ratingSum / ratingCount) * 10) / 10,
    listed: true,
    createdAt,
    updatedAt: createdAt,
    ...calendarKeys(createdAt),
  };
}

export type CourseDoc = CatalogCourseDoc;

/** The rows a paid enrollment leaves in catalog, payments and earnings. */
export function purchaseDocs(
  seed: number,
  size: DataSize,
  c: CourseDoc,
  i: number,
  k: number,
  e: Enrollment,
): { enrollment: EnrollmentDoc; review: ReviewDoc; payment: PaymentDoc; ledger: LedgerEntry } {
  const studentId = oid('student', e.studentIndex).toHexString();
  const courseId = c._id.toHexString();
  const n = i * size.reviewsPerCourse + k;
  const orderId = `order_B${n.toString(36).padStart(13, '0')}`;
  const paymentId = `pay_B${n.toString(36).padStart(13, '0')}`;
  const paidAt = new Date(e.at.getTime() - 60 * 60 * 1000);
  const createdAt = new Date(paidAt.getTime() - 2 * 60 * 1000);
  const tutorPaise = Math.floor((c.pricePaise * 80) / 100);
  return {
    enrollment: {
      _id: `${studentId}:${courseId}`,
      studentId,
      courseId,
      enrolledAt: paidAt,
      paymentId,
      counted: true,
    },
    review: {
      _id: `${courseId}:${studentId}`,
      courseId,
      userId: studentId,
      rating: e.rating,
      comment: e.comment,
      listed: true,
      createdAt: e.at,
    },
    payment: {
      _id: oid('payment', n),
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      courseId,
      courseTitle: c.title,
      studentId,
      studentUsername: student(seed, e.studentIndex).username,
      tutorId: c.tutorId,
      amountPaise: c.pricePaise,
      currency: 'INR' as const,
      success: true,
      createdAt,
      ...calendarKeys(createdAt),
      paidAt,
      verifiedBy: 'callback' as const,
    },
    ledger: {
      _id: `payment-succeeded:${orderId}`,
      paymentId,
      orderId,
      courseId,
      courseTitle: c.title,
      studentId,
      tutorId: c.tutorId,
      grossPaise: c.pricePaise,
      tutorPaise,
      platformPaise: c.pricePaise - tutorPaise,
      paidAt,
      ...calendarKeys(paidAt),
      recordedAt: paidAt,
    },
  };
}
