/**
 * Writes the generated data set straight into each service's database, in bulk: through the
 * public API it would take hours (a password hash per account, a multipart upload per course).
 * Each database is written by its own pipeline, in parallel (one SQLite file each locally).
 */
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

export interface SeedTiming {
  documents: number;
  seconds: number;
}

export class Seeder {
  private readonly client: MongoClient;

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
      for (let i = at; i < end; i += 1) {
        const c = course(this.seed, this.size, categories, i);
        courses.push(c);
        courseEnrollments(this.seed, this.size, i).forEach((e, k) => {
          const docs = purchaseDocs(this.seed, this.size, c, i, k, e);
          enrollments.push(docs.enrollment);
          reviews.push(docs.review);
          payments.push(docs.payment);
          ledger.push(docs.ledger);
        });
      }
      await Promise.all([
        (async () => {
          await this.insert('catalog', 'courses', courses);
          await this.insert('catalog', 'enrollments', enrollments);
          await this.insert('catalog', 'reviews', reviews);
        })(),
        this.insert('payments', 'payments', payments),
        this.insert('earnings', 'ledger', ledger),
      ]);
      documents += courses.length + enrollments.length + reviews.length + payments.length + ledger.length;
    }
    return { documents, courses: to - from, seconds: (performance.now() - started) / 1000 };
  }

  /**
   * After courses are written behind the catalog's back: drop what the catalog derives from its
   * rows at start (its per-owner lists and the home page's best reviews) so that its next start
   * builds them from the rows with its own code, instead of this bench mirroring them.
   */
  async forgetCatalogDerived(): Promise<void> {
    const catalog = this.db('catalog');
    await catalog.collection<{ _id: string }>('migrations').deleteOne({ _id: 'keyed-lists-1' });
    await catalog.collection<{ _id: string }>('highlights').deleteOne({ _id: 'top-reviews' });
  }

  async count(db: string, collection: string): Promise<number> {
    return this.db(db).collection(collection).countDocuments({});
  }
}
