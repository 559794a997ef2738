/**
 * The @tanstack/react-query APIs the LiveEdu front end may use. Every federated app shares this
 * module as its `@tanstack/react-query` singleton (packages/web-build); the build drops the rest
 * (suspense and parallel queries, hydration, streamed queries, the restoring and error-reset
 * boundaries).
 *
 * Apps keep importing from '@tanstack/react-query'. To use an API not listed here, add it below:
 * the front-end build test fails on an import this list lacks, because at run time it would be
 * undefined.
 */
export {
  QueryCache,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@liveedu/react-query/upstream';
