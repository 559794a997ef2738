import { randomBytes } from 'node:crypto';
import { calendarKeys } from '@liveedu/calendar';
import { DEMO_STUDENTS, DEMO_TUTOR } from '@liveedu/contracts';
import { isDuplicateKey, putImage, type ServiceApp } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { renderCover } from '../categories/images.ts';
import { newestReviews, ratingTotals, type StoredReview, textKey, videoIdsOf } from '../courses/domain.ts';
import { courseCreated } from '../courses/events.ts';
import { urlsOf } from '../courses/present.ts';
import { COURSES, type CourseDoc, THUMBNAILS_BUCKET } from '../courses/store.ts';
import { courseRoster, ENROLLMENTS, enrollmentId, studentCourses } from '../enrollment/store.ts';
import { TUTORS } from '../instructors/store.ts';
import { courseReviews, fileUnderStars, LATEST_REVIEWS, REVIEWS, reviewId } from '../reviews/store.ts';
import { linkCourseVideos } from '../video-access/store.ts';
import { DEMO_COURSES, demoContent } from './courses.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const DEMO_TUTOR_DESC =
  'Hi, I am Priya. I have taught programming for nine years, first as a lecturer in computer science and now full time online. I teach web development from the ground up, with small projects you finish in an evening.';

/**
 * The demo tutor's courses, with thumbnails, content, enrolled demo students and their reviews.
 * Fixed ids make it idempotent: a course that exists (or was deleted) is left as it is.
 * The people go into the read model directly, so the seed does not wait on identity's events;
 * their events, when they come, take over.
 */
export async function seedDemo(app: ServiceApp): Promise<void> {
  const db = {
    courses: COURSES.in(app.db),
    tutors: TUTORS.in(app.db),
    enrollments: ENROLLMENTS.in(app.db),
    reviews: REVIEWS.in(app.db),
  };
  const urls = urlsOf(app);
  const now = Date.now();
  const people = [
    { _id: DEMO_TUTOR.id, username: DEMO_TUTOR.username, role: 'tutor' as const, desc: DEMO_TUTOR_DESC },
    ...DEMO_STUDENTS.map((s) => ({ _id: s.id, username: s.username, role: 'student' as const, desc: '' })),
  ];
  for (const person of people) {
    await db.tutors.updateOne(
      { _id: person._id },
      {
        $setOnInsert: {
          username: person.username,
          usernameKey: textKey(person.username),
          avatar: '',
          desc: person.desc,
          role: person.role,
          updatedAt: new Date(0),
        },
      },
      { upsert: true },
    );
  }

  const ids = DEMO_COURSES.map((c) => new ObjectId(c.id));
  const existing = new Set(
    (await db.courses.find({ _id: { $in: ids } }, { projection: { _id: 1 } }).toArray()).map((c) =>
      c._id.toHexString(),
    ),
  );
  let created = 0;
  for (const demo of DEMO_COURSES) {
    if (existing.has(demo.id)) continue;
    const createdAt = new Date(now - demo.daysAgo * DAY_MS);
    const reviewers = demo.reviews.map(([student]) => DEMO_STUDENTS[student]!.id);
    const enrolled = [
      ...new Set([...reviewers, ...DEMO_STUDENTS.slice(0, (demo.daysAgo % 3) + 1).map((s) => s.id)]),
    ];
    const reviews: StoredReview[] = demo.reviews.map(([student, rating, comment], i) => ({
      userId: DEMO_STUDENTS[student]!.id,
      rating,
      comment,
      createdAt: new Date(createdAt.getTime() + (i + 1) * DAY_MS),
    }));
    const key = `seed/${randomBytes(12).toString('hex')}.png`;
    const png = await renderCover({
      title: demo.title,
      subtitle: `${demo.category} · ${DEMO_TUTOR.username}`,
      colors: demo.colors,
      motif: demo.motif,
    });
    await putImage(app.storage, THUMBNAILS_BUCKET, key, png);
    const course: CourseDoc = {
      _id: new ObjectId(demo.id),
      title: demo.title,
      titleKey: textKey(demo.title),
      desc: demo.desc,
      thumbnailKey: key,
      pricePaise: demo.priceRupees * 100,
      category: demo.category,
      categoryKey: textKey(demo.category),
      difficulity: demo.difficulity,
      benefits: demo.benefits,
      prerequistes: demo.prerequistes,
      sections: demoContent(demo).map((items) => ({ items })),
      tutorId: DEMO_TUTOR.id,
      tutorUsername: DEMO_TUTOR.username,
      enrolledCount: enrolled.length,
      latestReviews: newestReviews(reviews, LATEST_REVIEWS),
      ...ratingTotals(reviews),
      listed: true,
      createdAt,
      updatedAt: createdAt,
      ...calendarKeys(createdAt),
      demo: true,
    };
    try {
      await app.outbox.insertOne(COURSES.collection, course, [courseCreated(course, urls.thumbnail(key))]);
      await linkCourseVideos(
        app.db,
        { courseId: demo.id, tutorId: DEMO_TUTOR.id },
        videoIdsOf(course.sections.map((s) => s.items)),
      );
      created += 1;
    } catch (error) {
      await app.storage.remove(THUMBNAILS_BUCKET, key).catch(() => {});
      if (!isDuplicateKey(error)) throw error;
      continue;
    }
    // The course was inserted with these rows already in its count.
    for (const studentId of enrolled) {
      await db.enrollments.updateOne(
        { _id: enrollmentId(studentId, demo.id) },
        { $setOnInsert: { studentId, courseId: demo.id, enrolledAt: createdAt, counted: true } },
        { upsert: true },
      );
      await studentCourses(app.db).add(studentId, demo.id);
      await courseRoster(app.db).add(demo.id, studentId);
    }
    for (const review of reviews) {
      await db.reviews.updateOne(
        { _id: reviewId(demo.id, review.userId) },
        {
          $setOnInsert: {
            courseId: demo.id,
            userId: review.userId,
            rating: review.rating,
            comment: review.comment,
            listed: true,
            createdAt: review.createdAt,
          },
        },
        { upsert: true },
      );
      await courseReviews(app.db).add(demo.id, reviewId(demo.id, review.userId));
      await fileUnderStars(app.db, demo.id, reviewId(demo.id, review.userId));
    }
  }
  if (created > 0) {
    app.log.info({ created }, 'demo courses seeded');
  }
}
