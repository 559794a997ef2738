/** The accounts and categories, written straight into the services' databases before any course. */
import type { BenchContext, People } from '../context.ts';
import { BENCH_PASSWORD, extra, type Person } from '../data.ts';
import { mustCall } from '../http.ts';
import type { Seeder } from '../seed.ts';

export async function seedPeople(ctx: BenchContext, seeder: Seeder): Promise<People> {
  const { mode, log, dataSet } = ctx;
  log('» seeding the data set …');
  // Every account shares the hash the identity service itself made for this one.
  await mustCall(ctx.gw, 'POST', '/api/v1/user-signUp', {
    body: { username: 'bench_kdf', email: 'bench_kdf@bench.liveedu.test', password: BENCH_PASSWORD },
  });
  const passwordHash = await seeder.passwordHashOf('bench_kdf');
  const buyers = Array.from({ length: mode.purchaseLanes }, (_, i) => extra(mode.seed, i, `buyer_${i}`));
  const writer = extra(mode.seed, mode.purchaseLanes, 'writer');
  const extras: Person[] = [...buyers, writer];
  const people = await ctx.timed('seed people s', () => seeder.people(passwordHash, extras));
  const allCategories = await seeder.categories();
  const categories = allCategories.slice(0, mode.size.categories);
  dataSet.categories = `${categories.length} used by courses (the catalog seeds ${allCategories.length} at start)`;
  dataSet.tutors = mode.size.tutors;
  dataSet.students = mode.size.students;
  dataSet['reviews (= paid enrollments)'] = mode.size.courses * mode.size.reviewsPerCourse;
  dataSet['course content'] = `${mode.size.sectionsPerCourse} sections × ${mode.size.itemsPerSection} items`;
  log(`  ${people.documents} account documents in ${people.seconds.toFixed(1)} s`);
  return { seeder, categories, buyers, writer };
}
