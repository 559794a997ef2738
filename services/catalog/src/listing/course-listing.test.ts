import { describe, expect, it } from 'vitest';
import { createCourseListing, foldText, type ListedCourse, words } from './course-listing.ts';
import { FacetCounter, priceBand } from './domain.ts';

let clock = Date.UTC(2026, 0, 1);
function course(title: string, extra: Partial<ListedCourse> = {}): ListedCourse {
  clock += 60_000;
  const id = (clock / 1000).toString(16).padStart(24, '0');
  return {
    _id: id,
    title,
    category: 'Web Development',
    categoryKey: 'web development',
    descWords: '',
    thumbnailKey: `${id}.png`,
    pricePaise: 49_900,
    difficulity: 'beginner',
    ratings: [],
    ratingAverage: 0,
    ratingCount: 0,
    enrolledCount: 0,
    tutorId: 'tutor-1',
    tutorUsername: 'priya_sharma',
    createdAt: clock,
    ...extra,
  };
}

const titles = (items: ListedCourse[]) => items.map((c) => c.title);

describe('course listing', () => {
  it('lists newest first, a page at a time, by category and by tutor, with totals', () => {
    const listing = createCourseListing();
    const made = Array.from({ length: 30 }, (_, i) =>
      course(`Course ${i}`, i % 3 === 0 ? { categoryKey: 'data', category: 'Data', tutorId: 'tutor-2' } : {}),
    );
    for (const c of [...made].reverse()) listing.put(c);
    const first = listing.newest({ page: 1, limit: 12 });
    expect(first.total).toBe(30);
    expect(titles(first.items)).toEqual(
      made
        .slice(18)
        .reverse()
        .map((c) => c.title),
    );
    const third = listing.newest({ page: 3, limit: 12 });
    expect(third.items).toHaveLength(6);
    expect(listing.newest({ page: 4, limit: 12 }).items).toEqual([]);
    const data = listing.newest({ page: 1, limit: 100, categoryKey: 'data' });
    expect(data.total).toBe(10);
    expect(data.items.every((c) => c.category === 'Data')).toBe(true);
    expect(listing.newest({ page: 1, limit: 100, tutorId: 'tutor-2' }).total).toBe(10);
    expect(listing.newest({ page: 1, limit: 100, categoryKey: 'none' })).toEqual({ items: [], total: 0 });
  });

  it('replaces a course on put and forgets it on remove, in every list and the search', () => {
    const listing = createCourseListing();
    const c = course('Intro to Rust');
    listing.put(c);
    listing.put({ ...c, title: 'Advanced Rust', categoryKey: 'systems', category: 'Systems' });
    expect(listing.size).toBe(1);
    expect(listing.newest({ page: 1, limit: 10, categoryKey: 'web development' }).total).toBe(0);
    expect(titles(listing.search('advanced', { page: 1, limit: 10 }).items)).toEqual(['Advanced Rust']);
    expect(listing.search('intro', { page: 1, limit: 10 }).total).toBe(0);
    listing.remove(c._id);
    expect(listing.size).toBe(0);
    expect(listing.search('rust', { page: 1, limit: 10 }).total).toBe(0);
    expect(listing.newest({ page: 1, limit: 10 }).total).toBe(0);
  });

  it('finds by title word, tutor name, category, description, prefix, typo and without accents', () => {
    const listing = createCourseListing();
    const python = course('Python for Data Science', { descWords: 'pandas numpy matplotlib' });
    const cafe = course('Café Résumé Writing', { tutorUsername: 'jose_garcia', category: 'Careers' });
    const cpp = course('C++ (Advanced) [2024]', { category: 'Programming Languages' });
    for (const c of [python, cafe, cpp]) listing.put(c);
    const find = (text: string) => titles(listing.search(text, { page: 1, limit: 10 }).items);
    expect(find('python')).toEqual([python.title]);
    expect(find('pyth')).toEqual([python.title]);
    expect(find('pythom data')).toEqual([python.title]);
    expect(find('NUMPY')).toEqual([python.title]);
    expect(find('cafe resume')).toEqual([cafe.title]);
    // Every word must match: a query sharing one common word with everything finds nothing.
    expect(find('zzqx python')).toEqual([]);
    expect(find('josé')).toEqual([cafe.title]);
    expect(find('careers')).toEqual([cafe.title]);
    expect(find('c++')).toEqual([cpp.title]);
    expect(find('programming lang')).toEqual([cpp.title]);
    // Pattern characters are text: none of these matches every course.
    for (const special of ['.*', '(', '[', '\\', '^', '$', '?', '|']) expect(find(special)).toEqual([]);
    // Braces separate words like any punctuation; what is left is the word "2024".
    expect(find('{2024}')).toEqual([cpp.title]);
    // A word of one or two letters matches whole words only, not every word it starts.
    const go = course('Go in Practice');
    const google = course('Google Ads for Beginners');
    listing.put(go);
    listing.put(google);
    expect(find('go')).toEqual([go.title]);
    expect(find('goo')).toEqual([google.title]);
    expect(find('2')).toEqual([]);
    // Words in nearly every text are not looked for: alone they find nothing, beside others they
    // are left out.
    expect(find('for')).toEqual([]);
    expect(find('python for data')).toEqual([python.title]);
    // The description is searchable, but the kept card does not carry its text.
    expect(listing.get(python._id)).not.toHaveProperty('descWords');
    expect(listing.search('numpy', { page: 1, limit: 10 }).items[0]).not.toHaveProperty('descWords');
  });

  it('ranks title matches above description matches, then newer above older', () => {
    const listing = createCourseListing();
    const inDesc = course('Data Analysis', { descWords: 'we use react dashboards' });
    const older = course('React Basics');
    const newer = course('React Hooks');
    for (const c of [inDesc, older, newer]) listing.put(c);
    expect(titles(listing.search('react', { page: 1, limit: 10 }).items)).toEqual([
      'React Hooks',
      'React Basics',
      'Data Analysis',
    ]);
    expect(titles(listing.search('react', { page: 2, limit: 2 }).items)).toEqual(['Data Analysis']);
  });

  it('keeps the loved list current: most enrolled, then best rated, then newest', () => {
    const listing = createCourseListing();
    const a = course('A', { enrolledCount: 3, ratingAverage: 4 });
    const b = course('B', { enrolledCount: 3, ratingAverage: 4.5 });
    const c = course('C', { enrolledCount: 9 });
    const d = course('D');
    for (const x of [a, b, c, d]) listing.put(x);
    expect(titles(listing.loved(3))).toEqual(['C', 'B', 'A']);
    listing.put({ ...d, enrolledCount: 10 });
    expect(titles(listing.loved(3))).toEqual(['D', 'C', 'B']);
    listing.remove(c._id);
    expect(titles(listing.loved(8))).toEqual(['D', 'B', 'A']);
  });

  it('finds tutors by any part of their username, case- and accent-insensitively', () => {
    const listing = createCourseListing();
    listing.putTutor({ _id: '1', username: 'Zoë_Writes', avatar: '', desc: '' });
    listing.putTutor({ _id: '2', username: 'arjun_codes', avatar: '', desc: '' });
    expect(listing.searchTutors('ZOE', 10).map((t) => t._id)).toEqual(['1']);
    expect(listing.searchTutors('_', 10).map((t) => t._id)).toEqual(['2', '1']);
    listing.removeTutor('1');
    expect(listing.searchTutors('zoe', 10)).toEqual([]);
  });

  it('folds text into words the way the index does', () => {
    expect(foldText('Ça Déjà Vu')).toBe('ca deja vu');
    expect(words('C++ & C#: a.b* (2024)')).toEqual(['c++', 'c#', 'a', 'b', '2024']);
  });

  it("keeps a deleted tutor's courses and profile out, even when a late event puts them again", () => {
    const deletedTutors = new Set<string>();
    const listing = createCourseListing({ deletedTutors });
    const theirs = course('Leaving Soon', { tutorId: 'gone', tutorUsername: 'gone_tutor' });
    const other = course('Staying On');
    listing.put(theirs);
    listing.put(other);
    listing.putTutor({ _id: 'gone', username: 'gone_tutor', avatar: '', desc: '' });
    listing.deleteTutor('gone');
    // An event about the course, re-read before the deletion reached the database.
    listing.put(theirs);
    listing.putTutor({ _id: 'gone', username: 'gone_tutor', avatar: '', desc: '' });
    expect(listing.get(theirs._id)).toBeUndefined();
    expect(listing.tutorByUsername('gone_tutor')).toBeUndefined();
    expect(titles(listing.search('leaving', { page: 1, limit: 10 }).items)).toEqual([]);
    expect(titles(listing.newest({ page: 1, limit: 10 }).items)).toEqual([other.title]);
    // A listing rebuilt later still refuses them.
    const rebuilt = createCourseListing({ deletedTutors });
    rebuilt.put(theirs);
    expect(rebuilt.size).toBe(0);
  });
});

const page = { page: 1, limit: 10 };

/** Five courses that differ in every way a visitor can sort or filter by. */
function shop() {
  const listing = createCourseListing();
  const made = [
    course('React basics', { pricePaise: 39_900, ratingAverage: 4.6, ratingCount: 10, enrolledCount: 40 }),
    course('React in depth', {
      pricePaise: 1_299_00,
      difficulity: 'advance',
      ratingAverage: 4.1,
      ratingCount: 3,
      enrolledCount: 90,
    }),
    course('Data with Python', {
      category: 'Data',
      categoryKey: 'data',
      pricePaise: 79_900,
      difficulity: 'intermediate',
      ratingAverage: 3.5,
      ratingCount: 8,
      enrolledCount: 10,
    }),
    course('React testing', {
      pricePaise: 99_900,
      difficulity: 'intermediate',
      ratingAverage: 0,
      enrolledCount: 0,
    }),
    course('Free React tour', { pricePaise: 0, ratingAverage: 4.9, ratingCount: 2, enrolledCount: 5 }),
  ];
  for (const c of made) listing.put(c);
  return listing;
}

describe('browsing the listing', () => {
  it('orders a list as asked, newest first by default', () => {
    const listing = shop();
    const order = (sort: 'newest' | 'rating' | 'popular' | 'price-asc' | 'price-desc') =>
      titles(listing.browse({ ...page, sort, filters: {} }).items);
    expect(order('newest')).toEqual([
      'Free React tour',
      'React testing',
      'Data with Python',
      'React in depth',
      'React basics',
    ]);
    expect(order('rating')).toEqual([
      'Free React tour',
      'React basics',
      'React in depth',
      'Data with Python',
      'React testing',
    ]);
    expect(order('popular')[0]).toBe('React in depth');
    expect(order('price-asc')).toEqual([
      'Free React tour',
      'React basics',
      'Data with Python',
      'React testing',
      'React in depth',
    ]);
    expect(order('price-desc')[0]).toBe('React in depth');
  });

  it('narrows by level, rating, price and free, and counts what each choice would show', () => {
    const listing = shop();
    const found = listing.browse({
      ...page,
      sort: 'newest',
      filters: { levels: ['beginner', 'intermediate'], minRating: 3 },
    });
    expect(titles(found.items)).toEqual(['Free React tour', 'Data with Python', 'React basics']);
    expect(found.total).toBe(3);
    // Levels are counted with the rating filter on but the level filter itself off.
    expect(found.facets.level).toEqual({ beginner: 2, intermediate: 1, advance: 1, 'all level': 0 });
    expect(found.facets.rating).toEqual({ '4': 2, '3': 3 });
    expect(found.facets.price).toEqual({ free: 1, under500: 1, '500to1000': 1, over1000: 0 });

    const cheap = listing.browse({
      ...page,
      sort: 'price-desc',
      filters: { minPricePaise: 1, maxPricePaise: 800_00 },
    });
    expect(titles(cheap.items)).toEqual(['Data with Python', 'React basics']);
    expect(titles(listing.browse({ ...page, sort: 'newest', filters: { free: true } }).items)).toEqual([
      'Free React tour',
    ]);
  });

  it("keeps a category's list to the category, with the category's counts", () => {
    const found = shop().browse({ ...page, categoryKey: 'data', sort: 'price-asc', filters: {} });
    expect(titles(found.items)).toEqual(['Data with Python']);
    expect(found.facets.level.intermediate).toBe(1);
    expect(found.facets.level.beginner).toBe(0);
  });

  it('filters and sorts a search, counting every match', () => {
    const listing = shop();
    const relevant = listing.browse({
      ...page,
      text: 'react',
      sort: 'relevance',
      filters: { levels: ['beginner'] },
    });
    expect(relevant.total).toBe(2);
    expect(titles(relevant.items).sort()).toEqual(['Free React tour', 'React basics']);
    expect(relevant.facets.level).toEqual({ beginner: 2, intermediate: 1, advance: 1, 'all level': 0 });

    const byPrice = listing.browse({ ...page, text: 'react', sort: 'price-desc', filters: {} });
    expect(titles(byPrice.items)).toEqual([
      'React in depth',
      'React testing',
      'React basics',
      'Free React tour',
    ]);
  });

  it('pages a narrowed list and answers a change at once', () => {
    const listing = shop();
    const request = { page: 2, limit: 2, sort: 'price-asc' as const, filters: {} };
    expect(titles(listing.browse(request).items)).toEqual(['Data with Python', 'React testing']);
    const cheaper = listing.get(listing.browse({ ...request, page: 1, limit: 5 }).items[4]!._id)!;
    listing.put({ ...cheaper, pricePaise: 100 });
    expect(titles(listing.browse({ ...request, page: 1 }).items)).toEqual([
      'Free React tour',
      'React in depth',
    ]);
    listing.remove(cheaper._id);
    expect(listing.browse(request).total).toBe(4);
  });
});

describe('lists kept between changes', () => {
  it('orders and narrows every list as a fresh load would, through puts, changes and removals', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const levels = ['beginner', 'intermediate', 'advance', 'all level'];
    const made = (i: number) =>
      course(`Course ${i}`, {
        pricePaise: Math.floor(rand() * 20) * 100_00,
        difficulity: levels[i % 4]!,
        ratingAverage: Math.round(rand() * 50) / 10,
        enrolledCount: Math.floor(rand() * 30),
        categoryKey: i % 3 === 0 ? 'data' : 'web development',
      });
    const current = new Map<string, ListedCourse>();
    const listing = createCourseListing();
    const initial = Array.from({ length: 200 }, (_, i) => made(i));
    for (const c of initial) current.set(c._id, c);
    listing.putAll(initial);
    const sorts = ['newest', 'rating', 'popular', 'price-asc', 'price-desc'] as const;
    const requests = sorts.flatMap((sort) => [
      { sort, filters: {} },
      { sort, filters: { levels: ['beginner', 'advance'] as never, minRating: 3 } },
      { sort, filters: { minPricePaise: 500_00, maxPricePaise: 1_000_00 }, categoryKey: 'data' },
    ]);
    const ids = (l: typeof listing, r: (typeof requests)[number]) => {
      const found = l.browse({ page: 1, limit: 500, ...r });
      return { ids: found.items.map((c) => c._id), facets: found.facets };
    };
    for (let step = 0; step < 120; step += 1) {
      const existing = [...current.values()];
      const pick = existing[Math.floor(rand() * existing.length)]!;
      const roll = rand();
      if (roll < 0.5) {
        const changed = {
          ...pick,
          enrolledCount: pick.enrolledCount + 5,
          ratingAverage: Math.round(rand() * 50) / 10,
        };
        current.set(changed._id, changed);
        listing.put(changed);
      } else if (roll < 0.75) {
        current.delete(pick._id);
        listing.remove(pick._id);
      } else {
        const added = made(1000 + step);
        current.set(added._id, added);
        listing.put(added);
      }
      if (step % 10 !== 9) continue;
      const fresh = createCourseListing();
      fresh.putAll([...current.values()]);
      for (const request of requests) expect(ids(listing, request)).toEqual(ids(fresh, request));
    }
  });
});

describe('filter counts', () => {
  it('put each price in one band, in rupees', () => {
    expect([0, 100, 499_99, 500_00, 1_000_00, 1_000_01].map(priceBand)).toEqual([
      'free',
      'under500',
      'under500',
      '500to1000',
      '500to1000',
      'over1000',
    ]);
  });

  it('leave out a course that another filter removes', () => {
    const counter = new FacetCounter({ minRating: 3 });
    expect(counter.count(course('Cheap', { pricePaise: 100, ratingAverage: 2 }))).toBe(false);
    const facets = counter.facets();
    expect(facets.level.beginner).toBe(0);
    expect(facets.rating).toEqual({ '4': 0, '3': 0 });
    expect(facets.price.under500).toBe(0);
  });
});

describe("a tutor's totals", () => {
  it("adds up the tutor's listed courses: students, and every rating weighted by its course", () => {
    const listing = createCourseListing();
    listing.putTutor({ _id: 'tutor-9', username: 'Asha', avatar: 'asha.png', desc: 'Teaches maths' });
    const mine = { tutorId: 'tutor-9', tutorUsername: 'Asha' };
    listing.put(course('Algebra', { ...mine, enrolledCount: 40, ratingAverage: 5, ratingCount: 3 }));
    const geometry = course('Geometry', { ...mine, enrolledCount: 2, ratingAverage: 4, ratingCount: 1 });
    listing.put(geometry);
    listing.put(course('Unrated', { ...mine, enrolledCount: 1 }));
    listing.put(course('Someone else', { enrolledCount: 900, ratingAverage: 1, ratingCount: 50 }));

    expect(listing.tutor('tutor-9')).toEqual({
      profile: { _id: 'tutor-9', username: 'Asha', avatar: 'asha.png', desc: 'Teaches maths' },
      totals: { courses: 3, students: 43, ratingAverage: 4.8, ratingCount: 4 },
    });
    listing.remove(geometry._id);
    expect(listing.tutor('tutor-9').totals).toEqual({
      courses: 2,
      students: 41,
      ratingAverage: 5,
      ratingCount: 3,
    });
    expect(listing.tutor('nobody')).toEqual({
      totals: { courses: 0, students: 0, ratingAverage: 0, ratingCount: 0 },
    });
  });

  it("counts a course page's own figures for that course while the listing has older ones", () => {
    const listing = createCourseListing();
    const mine = { tutorId: 'tutor-9', tutorUsername: 'Asha' };
    const algebra = course('Algebra', { ...mine, enrolledCount: 1, ratingAverage: 4, ratingCount: 1 });
    listing.put(algebra);
    listing.put(course('Geometry', { ...mine, enrolledCount: 2, ratingAverage: 2, ratingCount: 1 }));

    const page = { _id: algebra._id, enrolledCount: 2, ratingAverage: 5, ratingCount: 2 };
    expect(listing.tutor('tutor-9', page).totals).toEqual({
      courses: 2,
      students: 4,
      ratingAverage: 4,
      ratingCount: 3,
    });
    const unlisted = { _id: 'not-listed', enrolledCount: 50, ratingAverage: 1, ratingCount: 9 };
    expect(listing.tutor('tutor-9', unlisted).totals.students).toBe(3);
  });
});
