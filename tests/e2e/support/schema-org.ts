/**
 * What schema.org's `Course` (a CreativeWork, a Thing) and its parts allow, as search engines read
 * them: the properties each type defines, the types of the values that matter for a course's rich
 * result (offers, rating, instance), and the value formats (ISO 4217 currency, ISO 8601 duration).
 */
const THING = ['@context', '@type', '@id', 'name', 'description', 'url', 'image', 'sameAs', 'identifier'];
const CREATIVE_WORK = [
  'about',
  'aggregateRating',
  'audience',
  'author',
  'creator',
  'dateCreated',
  'dateModified',
  'datePublished',
  'educationalLevel',
  'inLanguage',
  'isAccessibleForFree',
  'keywords',
  'offers',
  'provider',
  'review',
  'teaches',
  'timeRequired',
];
const COURSE = [
  'availableLanguage',
  'courseCode',
  'coursePrerequisites',
  'educationalCredentialAwarded',
  'hasCourseInstance',
  'numberOfCredits',
  'totalHistoricalEnrollment',
];
const COURSE_INSTANCE = [
  '@type',
  'courseMode',
  'courseSchedule',
  'courseWorkload',
  'endDate',
  'instructor',
  'location',
  'name',
  'startDate',
];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;
const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);

function unknownKeys(object: Json, allowed: readonly string[], where: string): string[] {
  return Object.keys(object)
    .filter((key) => !allowed.includes(key))
    .map((key) => `${where} has no property ${key}`);
}

function offerProblems(offer: unknown): string[] {
  if (!isObject(offer)) return ['offers must be an Offer'];
  const problems: string[] = [];
  if (offer['@type'] !== 'Offer') problems.push('offers must have @type Offer');
  const price = offer.price;
  if (
    !(typeof price === 'number' && price >= 0) &&
    !(typeof price === 'string' && /^\d+(\.\d+)?$/.test(price))
  ) {
    problems.push('offers.price must be a number from 0');
  }
  if (typeof offer.priceCurrency !== 'string' || !/^[A-Z]{3}$/.test(offer.priceCurrency)) {
    problems.push('offers.priceCurrency must be an ISO 4217 code');
  }
  if (offer.category !== undefined && !isText(offer.category)) problems.push('offers.category must be text');
  return problems;
}

function ratingProblems(rating: Json): string[] {
  const problems: string[] = [];
  if (rating['@type'] !== 'AggregateRating') problems.push('aggregateRating must have @type AggregateRating');
  const best = typeof rating.bestRating === 'number' ? rating.bestRating : 5;
  const worst = typeof rating.worstRating === 'number' ? rating.worstRating : 1;
  const value = rating.ratingValue;
  if (typeof value !== 'number' || value < worst || value > best) {
    problems.push(`aggregateRating.ratingValue must be within ${worst} and ${best}`);
  }
  const count = rating.ratingCount;
  if (!Number.isInteger(count) || (count as number) < 1)
    problems.push('aggregateRating.ratingCount must be 1 or more');
  return problems;
}

function instanceProblems(instance: Json): string[] {
  const problems = unknownKeys(instance, COURSE_INSTANCE, 'hasCourseInstance');
  if (instance['@type'] !== 'CourseInstance')
    problems.push('hasCourseInstance must have @type CourseInstance');
  if (!isText(instance.courseMode)) problems.push('hasCourseInstance.courseMode must be text');
  const workload = instance.courseWorkload;
  if (
    workload !== undefined &&
    !(typeof workload === 'string' && /^P(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$/.test(workload))
  ) {
    problems.push('hasCourseInstance.courseWorkload must be an ISO 8601 duration');
  }
  return problems;
}

/** Why `value` is not a schema.org Course as a search engine reads it (none when it is). */
export function courseShapeProblems(value: unknown): string[] {
  if (!isObject(value)) return ['a Course must be an object'];
  const problems = unknownKeys(value, [...THING, ...CREATIVE_WORK, ...COURSE], 'Course');
  if (value['@context'] !== 'https://schema.org') problems.push('@context must be https://schema.org');
  if (value['@type'] !== 'Course') problems.push('@type must be Course');
  if (!isText(value.name)) problems.push('name is required');
  if (!isText(value.description)) problems.push('description is required');
  if (value.url !== undefined && !isUrl(value.url)) problems.push('url must be an absolute address');
  if (value.image !== undefined && !isUrl(value.image)) problems.push('image must be an absolute address');
  const provider = value.provider;
  if (
    !isObject(provider) ||
    !['Organization', 'Person'].includes(provider['@type'] as string) ||
    !isText(provider.name)
  ) {
    problems.push('provider must be an Organization or a Person with a name');
  }
  for (const offer of [value.offers].flat()) problems.push(...offerProblems(offer));
  if (value.aggregateRating !== undefined) {
    problems.push(
      ...(isObject(value.aggregateRating)
        ? ratingProblems(value.aggregateRating)
        : ['aggregateRating must be an object']),
    );
  }
  for (const instance of [value.hasCourseInstance ?? []].flat()) {
    problems.push(
      ...(isObject(instance) ? instanceProblems(instance) : ['hasCourseInstance must be a CourseInstance']),
    );
  }
  return problems;
}
