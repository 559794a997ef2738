import type { CourseDetails, InstructorProfile } from '@liveedu/api-client';
import type { PageHead, PageHeadRequest } from '@liveedu/contracts';
import { courseDetailsKey } from '@liveedu/query';

const SITE = 'LiveEdu';
const DESCRIPTION_CHARS = 160;

/** A description of at most 160 characters, cut at a word. */
export function describe(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_CHARS) return flat;
  const cut = flat.slice(0, DESCRIPTION_CHARS - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_CHARS / 2)).trimEnd()}…`;
}

const pathOf = (request: PageHeadRequest, path: string) => {
  const query = request.search.toString();
  return query ? `${path}?${query}` : path;
};

const breadcrumbs = (origin: string, trail: ReadonlyArray<[name: string, path: string]>) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: trail.map(([name, path], index) => ({
    '@type': 'ListItem',
    position: index + 1,
    name,
    item: new URL(path, `${origin}/`).href,
  })),
});

const HOME: [string, string] = ['Home', '/'];
const COURSES: [string, string] = ['Courses', '/courses'];

/** schema.org's `Course` of a course page: what it teaches, who offers it, its price and rating. */
export function courseJsonLd(course: CourseDetails, origin: string): object {
  const url = new URL(`/viewCouse/${course._id}`, `${origin}/`).href;
  const seconds = course.courseContent.flat().reduce((sum, item) => sum + (item.durationSec ?? 0), 0);
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: describe(course.desc),
    url,
    image: new URL(course.thumbnail, `${origin}/`).href,
    inLanguage: 'en',
    educationalLevel: course.difficulity,
    about: course.category,
    provider: { '@type': 'Organization', name: SITE, sameAs: origin },
    totalHistoricalEnrollment: course.enrolledCount,
    offers: {
      '@type': 'Offer',
      price: course.price,
      priceCurrency: 'INR',
      category: course.price === 0 ? 'Free' : 'Paid',
      availability: 'https://schema.org/InStock',
      url,
    },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Online',
      instructor: {
        '@type': 'Person',
        name: course.instructor.username,
        url: new URL(`/viewUser/${encodeURIComponent(course.instructor.username)}`, `${origin}/`).href,
      },
      ...(seconds > 0 ? { courseWorkload: `PT${Math.max(1, Math.round(seconds / 60))}M` } : {}),
    },
    ...(course.ratingCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(course.ratingAverage * 10) / 10,
            ratingCount: course.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

function coursePage(request: PageHeadRequest, id: string): PageHead {
  const course = request.read(courseDetailsKey(id)) as CourseDetails | undefined;
  const path = `/viewCouse/${id}`;
  if (!course)
    return { title: `Course not found | ${SITE}`, description: 'This course is not available.', path };
  const rating = course.ratingCount > 0 ? ` Rated ${course.ratingAverage.toFixed(1)}/5.` : '';
  const price = course.price === 0 ? 'Free' : `₹${course.price}`;
  return {
    title: `${course.title} | ${SITE}`,
    description: describe(`${price}.${rating} ${course.desc}`),
    path,
    image: course.thumbnail,
    jsonLd: [
      courseJsonLd(course, request.origin),
      breadcrumbs(request.origin, [
        HOME,
        COURSES,
        [course.category, `/courses/${encodeURIComponent(course.category)}`],
        [course.title, path],
      ]),
    ],
  };
}

function instructorPage(request: PageHeadRequest, username: string): PageHead {
  const first = request.read(['catalog', 'instructor', username]) as
    | { pages: Array<{ user: InstructorProfile }> }
    | undefined;
  const user = first?.pages[0]?.user;
  const path = `/viewUser/${encodeURIComponent(username)}`;
  return {
    title: `${username}, instructor | ${SITE}`,
    description: describe(user?.desc || `Courses taught by ${username} on ${SITE}.`),
    path,
    ...(user?.avatar ? { image: user.avatar } : {}),
    jsonLd: [breadcrumbs(request.origin, [HOME, [username, path]])],
  };
}

/** What each of the catalog's pages says of itself, from what it read while rendering. */
export function pageHead(request: PageHeadRequest): PageHead {
  const { page, params } = request;
  switch (page) {
    case 'course-detail':
      return coursePage(request, params.id ?? '');
    case 'instructor':
      return instructorPage(request, params.username ?? '');
    case 'courses-by-category': {
      const cat = params.cat ?? '';
      const path = `/courses/${encodeURIComponent(cat)}`;
      return {
        title: `${cat} courses | ${SITE}`,
        description: `Online ${cat} courses on ${SITE}: compare ratings, levels and prices, preview lectures and learn at your own pace.`,
        path: pathOf(request, path),
        jsonLd: [breadcrumbs(request.origin, [HOME, COURSES, [cat, path]])],
      };
    }
    case 'courses':
      return {
        title: `All courses | ${SITE}`,
        description: `Browse every course on ${SITE} by category, level, rating and price.`,
        path: pathOf(request, '/courses'),
        jsonLd: [breadcrumbs(request.origin, [HOME, COURSES])],
      };
    case 'categories':
      return {
        title: `Categories | ${SITE}`,
        description: `Every subject taught on ${SITE}, from web development to design.`,
        path: '/categories',
      };
    case 'teach':
      return {
        title: `Teach on ${SITE}`,
        description: `Publish video courses on ${SITE}, reach students and earn from every sale.`,
        path: '/teach-on-live-edu',
      };
    case 'certificate':
      return {
        title: `Certificate of completion | ${SITE}`,
        description: `A certificate of completion issued by ${SITE}.`,
        path: `/certificates/${encodeURIComponent(params.certificateId ?? '')}`,
      };
    default:
      return {
        title: `${SITE}: online courses from tutors you can learn from`,
        description: `Learn from video courses by expert tutors: web development, design, business and more. Preview lectures, read reviews and start today.`,
        path: '/',
      };
  }
}
