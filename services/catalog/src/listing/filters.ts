/**
 * The lists' sort and filter parameters as the API takes them (query strings, checked by schema)
 * and the filters' counts as it answers them.
 */
import { badRequest, Type } from '@liveedu/service-kit';
import type { Difficulty } from '../courses/domain.ts';
import { type Filters, LEVELS, PRICE_BANDS, SORTS, type Sort } from './domain.ts';

const Level = Type.Union(
  LEVELS.map((level) => Type.Literal(level)),
  { errorMessage: `level must be one of ${LEVELS.join(', ')}` },
);
const Rupees = (what: string) =>
  Type.String({
    pattern: '^[0-9]{1,7}$',
    errorMessage: { pattern: `${what} must be a whole number of rupees` },
    description: `${what}, in whole rupees`,
  });

const filterFields = {
  level: Type.Optional(
    Type.Union([Level, Type.Array(Level, { maxItems: LEVELS.length })], {
      description: 'Only courses of this level; repeat for several (`level=beginner&level=advance`)',
      errorMessage: `level must be one of ${LEVELS.join(', ')}`,
    }),
  ),
  minRating: Type.Optional(
    Type.String({
      pattern: '^(5|[0-4](\\.[0-9])?)$',
      errorMessage: { pattern: 'minRating must be a rating from 0 to 5' },
      description: 'Only courses rated at least this on average (0 to 5, one decimal)',
    }),
  ),
  minPrice: Type.Optional(Rupees('minPrice')),
  maxPrice: Type.Optional(Rupees('maxPrice')),
  free: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false')], {
      errorMessage: 'free must be true or false',
      description: 'true: only free courses',
    }),
  ),
};

const sortField = (sorts: readonly string[], byDefault: string) =>
  Type.Optional(
    Type.Union(
      sorts.map((sort) => Type.Literal(sort)),
      {
        errorMessage: `sort must be one of ${sorts.join(', ')}`,
        description: `The order: ${sorts.join(', ')} (default ${byDefault})`,
      },
    ),
  );

/** The query fields of a list (courses, a category's). */
export const ListQuery = { sort: sortField(SORTS, 'newest'), ...filterFields };
/** The query fields of a search: a list's, and relevance, its default order. */
export const SearchQuery = { sort: sortField(['relevance', ...SORTS], 'relevance'), ...filterFields };

const counts = <K extends string>(keys: readonly K[]) =>
  Type.Object(
    Object.fromEntries(keys.map((key) => [key, Type.Integer({ minimum: 0 })])) as Record<
      K,
      ReturnType<typeof Type.Integer>
    >,
  );

/** How many courses of the current list (other filters applied) each filter choice would show. */
export const FacetsSchema = Type.Object(
  {
    level: counts(LEVELS),
    rating: counts(['4', '3'] as const),
    price: counts(PRICE_BANDS),
  },
  {
    description: "Counts per filter choice for the current list; each filter's counts leave that filter out",
  },
);

interface FilterQuery {
  sort?: string;
  level?: string | string[];
  minRating?: string;
  minPrice?: string;
  maxPrice?: string;
  free?: string;
}

/** The order and filters a checked query asks for; a price range upside down is a 400. */
export function browseOf(query: FilterQuery, byDefault: Sort): { sort: Sort; filters: Filters } {
  const levels = query.level === undefined ? undefined : [query.level].flat();
  const minPricePaise = query.minPrice === undefined ? undefined : Number(query.minPrice) * 100;
  const maxPricePaise = query.maxPrice === undefined ? undefined : Number(query.maxPrice) * 100;
  if (minPricePaise !== undefined && maxPricePaise !== undefined && minPricePaise > maxPricePaise) {
    throw badRequest('minPrice must not be above maxPrice');
  }
  const filters: Filters = {
    ...(levels ? { levels: [...new Set(levels)] as Difficulty[] } : {}),
    ...(query.minRating !== undefined ? { minRating: Number(query.minRating) } : {}),
    ...(minPricePaise !== undefined ? { minPricePaise } : {}),
    ...(maxPricePaise !== undefined ? { maxPricePaise } : {}),
    ...(query.free === 'true' ? { free: true } : {}),
  };
  return { sort: (query.sort as Sort | undefined) ?? byDefault, filters };
}
