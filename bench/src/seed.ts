/**
 * Writes the generated data set straight into each service's database, in bulk: through the
 * public API it would take hours (a password hash per account, a multipart upload per course).
 * Each database is written by its own pipeline, in parallel.
 */
import { ROSTERS, rosterKey, rosterPart } from '@liveedu/catalog';
import { type KeyedListEntry, keyedListDocs } from '@liveedu/service-kit';
import { type Document, MongoClient } from 'mongodb';
import {
  type CourseDoc,
  catalogPerson,
  course,
  courseEnrollments,
  type DataSize,
  earningsPerson,
  identityUser,
  type Person,
  purchaseDocs,
  student,
  tutor,
} from './data.ts';

const BATCH = 500;

/** An owner's list entry before it is written: newest first by `at`. */
interface Entry {
  id: string;
  at: number;
}

/** How many reviews the catalog's home-page highlights keep (services/catalog/src/reviews/highlights.ts). */
const HIGHLIGHTS_KEPT = 40;

/**
 * What each service derives from its rows as they are written one by one — per-owner keyed lists,
 * "bought already?" keys, a tutor's account, the home page's best reviews — written here in the
 * same shapes (see packages/service-kit/src/keyed-list.ts and the services' collection modules),
 * since the rows arrive in bulk behind the services' backs. Owners collect their entries across
 * steps; each step rewrites the owners it touched.
 */
class Derived {
  readonly studentCourses = new Map<string, Entry[]>();
  readonly studentOrders = new Map<string, Entry[]>();
  readonly tutorSales = new Map<string, Entry[]>();
  readonly tutorLines = new Map<string, Entry[]>();
  readonly tutorCredits = new Map<string, number>();
  topReviews: Array<Document & { rating: number; createdAt: Date }> = [];
  touched = { students: new Set<string>(), tutors: new Set<string>() };

  static add(map: Map<string, Entry[]>, owner: string, entry: Entry) {
    const entries = map.get(owner);
    if (entries) entries.push(entry);
    else map.set(owner, [entry]);
  }

  static list(entries: Entry[] = []) {
    const ids = [...entries].sort((a, b) => b.at - a.at).map((e) => e.id);
    return { ids, count: ids.length };
  }

  highlight(review: Document & { rating: number; createdAt: Date }) {
    this.topReviews.push(review);
    if (this.topReviews.length > HIGHLIGHTS_KEPT * 4) this.cutHighlights();
  }

  cutHighlights() {
    this.topReviews = this.topReviews
      .sort((a, b) => b.rating - a.rating || b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, HIGHLIGHTS_KEPT);
  }
}

export interface SeedTiming {
  documents: number;
  seconds: number;
}

export class Seeder {
  private readonly client: MongoClient;
  private readonly derived = new Derived();

  constructor(
    mongoUrl: string,
    private readonly seed: number,
    private readonly size: DataSize,
  ) {
    this.client = new MongoClient(mongoUrl);
  }

  async close() {
    await this.client.close();
  }

  private db(name: string) {
    return this.client.db(name);
  }

  /** The catalog's category titles in the home page's order (the catalog seeds them at start). */
  async categories(): Promise<string[]> {
    const rows = await this.db('catalog')
      .collection<{ title: string; position: number }>('categories')
      .find({})
      .sort({ position: 1 })
      .toArray();
    return rows.map((r) => r.title);
  }

  /** The stored hash of an account made through the API: the identity service's own KDF. */
  async passwordHashOf(username: string): Promise<string> {
    const user = await this.db('identity')
      .collection<{ passwordHash: string }>('users')
      .findOne({ usernameKey: username.toLowerCase() });
    if (!user?.passwordHash) throw new Error(`no stored password hash for ${username}`);
    return user.passwordHash;
  }

  private async insert(db: string, collection: string, docs: Document[]): Promise<void> {
    const target = this.db(db).collection(collection);
    for (let at = 0; at < docs.length; at += BATCH) {
      await target.insertMany(docs.slice(at, at + BATCH), { ordered: false });
    }
  }

  /** Tutors, students and extra accounts, in identity and in the read models of catalog and earnings. */
  async people(passwordHash: string, extras: Person[]): Promise<SeedTiming> {
    const started = performance.now();
    const people: Person[] = [
      ...Array.from({ length: this.size.tutors }, (_, i) => tutor(this.seed, i)),
      ...Array.from({ length: this.size.students }, (_, i) => student(this.seed, i)),
      ...extras,
    ];
    await Promise.all([
      this.insert(
        'identity',
        'users',
        people.map((p) => identityUser(p, passwordHash)),
      ),
      this.insert('catalog', 'tutors', people.map(catalogPerson)),
      this.insert('earnings', 'users', people.map(earningsPerson)),
    ]);
    return { documents: people.length * 3, seconds: (performance.now() - started) / 1000 };
  }

  /**
   * Courses [from, to): the courses themselves, and for those in the main data set their
   * enrollments, reviews, payments and ledger entries.
   */
  async courses(categories: string[], from: number, to: number): Promise<SeedTiming & { courses: number }> {
    const started = performance.now();
    let documents = 0;
    const CHUNK = 2_000;
    for (let at = from; at < to; at += CHUNK) {
      const end = Math.min(to, at + CHUNK);
      const courses: CourseDoc[] = [];
      const enrollments: Document[] = [];
      const reviews: Document[] = [];
      const payments: Document[] = [];
      const ledger: Document[] = [];
      const courseReviews: Document[] = [];
      const rosters: KeyedListEntry[] = [];
      const purchases: Document[] = [];
      const orderRows: Document[] = [];
      const d = this.derived;
      for (let i = at; i < end; i += 1) {
        const c = course(this.seed, this.size, categories, i);
        courses.push(c);
        const reviewEntries: Entry[] = [];
        courseEnrollments(this.seed, this.size, i).forEach((e, k) => {
          const docs = purchaseDocs(this.seed, this.size, c, i, k, e);
          enrollments.push(docs.enrollment);
          reviews.push(docs.review);
          payments.push(docs.payment);
          ledger.push(docs.ledger);
          const { studentId, courseId } = docs.enrollment;
          const paymentId = docs.payment._id.toHexString();
          const paidAt = docs.payment.createdAt.getTime();
          Derived.add(d.studentCourses, studentId, {
            id: courseId,
            at: docs.enrollment.enrolledAt.getTime(),
          });
          Derived.add(d.studentOrders, studentId, { id: paymentId, at: paidAt });
          Derived.add(d.tutorSales, c.tutorId, { id: paymentId, at: paidAt });
          Derived.add(d.tutorLines, c.tutorId, { id: docs.ledger._id, at: docs.ledger.recordedAt.getTime() });
          d.tutorCredits.set(c.tutorId, (d.tutorCredits.get(c.tutorId) ?? 0) + docs.ledger.tutorPaise);
          d.touched.students.add(studentId);
          d.touched.tutors.add(c.tutorId);
          reviewEntries.push({ id: docs.review._id, at: docs.review.createdAt.getTime() });
          rosters.push({
            owner: rosterKey(courseId, rosterPart(studentId)),
            id: studentId,
            at: docs.enrollment.enrolledAt.getTime(),
          });
          purchases.push({ _id: `${studentId}:${courseId}`, at: docs.payment.paidAt });
          orderRows.push({ _id: docs.payment.razorpay_order_id, ids: [paymentId], count: 1 });
          d.highlight({
            courseId,
            userId: studentId,
            rating: docs.review.rating,
            comment: docs.review.comment,
            createdAt: docs.review.createdAt,
          });
        });
        if (reviewEntries.length > 0)
          courseReviews.push({ _id: c._id.toHexString(), ...Derived.list(reviewEntries) });
      }
      const rosterDocs = keyedListDocs(rosters);
      await Promise.all([
        (async () => {
          await this.insert('catalog', 'courses', courses);
          await this.insert('catalog', 'enrollments', enrollments);
          await this.insert('catalog', 'reviews', reviews);
          await this.insert('catalog', 'course_reviews', courseReviews);
          // A course's students all come in its chunk, so its roster is written whole here.
          await this.insert('catalog', ROSTERS, rosterDocs);
        })(),
        (async () => {
          await this.insert('payments', 'payments', payments);
          await this.insert('payments', 'purchases', purchases);
          await this.insert('payments', 'order_rows', orderRows);
        })(),
        this.insert('earnings', 'ledger', ledger),
      ]);
      documents +=
        courses.length +
        enrollments.length +
        reviews.length +
        payments.length +
        ledger.length +
        courseReviews.length +
        rosterDocs.length +
        purchases.length +
        orderRows.length;
    }
    documents += await this.writeDerived();
    return { documents, courses: to - from, seconds: (performance.now() - started) / 1000 };
  }

  /** Rewrites the lists, accounts and highlights of the owners the last step touched. */
  private async writeDerived(): Promise<number> {
    const d = this.derived;
    const students = [...d.touched.students];
    const tutors = [...d.touched.tutors];
    d.touched = { students: new Set(), tutors: new Set() };
    const replace = (ids: string[], make: (id: string) => Document) =>
      ids.map((id) => ({ replaceOne: { filter: { _id: id }, replacement: make(id), upsert: true } }));
    const write = async (db: string, collection: string, ops: ReturnType<typeof replace>) => {
      const target = this.db(db).collection(collection);
      for (let at = 0; at < ops.length; at += BATCH) {
        await target.bulkWrite(ops.slice(at, at + BATCH) as never, { ordered: false });
      }
    };
    d.cutHighlights();
    await Promise.all([
      write(
        'catalog',
        'student_courses',
        replace(students, (id) => Derived.list(d.studentCourses.get(id))),
      ),
      write(
        'payments',
        'student_orders',
        replace(students, (id) => Derived.list(d.studentOrders.get(id))),
      ),
      write(
        'payments',
        'tutor_sales',
        replace(tutors, (id) => Derived.list(d.tutorSales.get(id))),
      ),
      write(
        'earnings',
        'tutor_lines',
        replace(tutors, (id) => Derived.list(d.tutorLines.get(id))),
      ),
      write(
        'earnings',
        'accounts',
        replace(tutors, (id) => ({ creditedPaise: d.tutorCredits.get(id) ?? 0, creditedPayments: [] })),
      ),
      write(
        'catalog',
        'highlights',
        replace(['top-reviews'], () => ({ reviews: d.topReviews })),
      ),
    ]);
    return students.length * 2 + tutors.length * 3 + 1;
  }

  async count(db: string, collection: string): Promise<number> {
    return this.db(db).collection(collection).countDocuments({});
  }
}
