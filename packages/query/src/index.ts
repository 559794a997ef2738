export { courseDetailsKey, courseDetailsQuery, usePrefetchCourse } from './course-queries.ts';
export { createQueryClient } from './query-client.ts';
export { QueryProvider } from './query-provider.tsx';
export { type ReadAnswer, readAnswers, seedAnswers } from './query-snapshot.ts';
export { SHARED_KEYS } from './shared-keys.ts';
export { useApiMutation } from './use-api-mutation.ts';
export { type Resource, useApiQuery } from './use-api-query.ts';
export { type PagedList, type PageOf, usePagedQuery, useShownItems } from './use-paged-query.ts';
