import type { BrowseQuery, ListFacets } from '@liveedu/api-client';
import { Button, ChoiceSelect, theme } from '@liveedu/ui';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';

const SORTS = [
  { id: 'newest', label: 'Newest' },
  { id: 'rating', label: 'Highest rated' },
  { id: 'popular', label: 'Most popular' },
  { id: 'price-asc', label: 'Price: low to high' },
  { id: 'price-desc', label: 'Price: high to low' },
] as const;
const RELEVANCE = { id: 'relevance', label: 'Most relevant' } as const;

const LEVELS = [
  { id: 'beginner', label: 'Beginner' },
  { id: 'intermediate', label: 'Intermediate' },
  { id: 'advance', label: 'Advanced' },
  { id: 'all level', label: 'All levels' },
] as const;
const RATINGS = [
  { id: '4', label: '4★ & up' },
  { id: '3', label: '3★ & up' },
] as const;
const PRICES = [
  { id: 'free', label: 'Free', query: { free: 'true' } },
  { id: 'under500', label: 'Under ₹500', query: { maxPrice: '499' } },
  { id: '500to1000', label: '₹500–₹1,000', query: { minPrice: '500', maxPrice: '1000' } },
  { id: 'over1000', label: 'Over ₹1,000', query: { minPrice: '1001' } },
] as const;

type Level = (typeof LEVELS)[number]['id'];

/** The filter groups, by their address parameter; only the level takes several choices. */
const FILTERS = [
  { name: 'level', legend: 'Level', options: LEVELS, several: true },
  { name: 'rating', legend: 'Rating', options: RATINGS, several: false },
  { name: 'price', legend: 'Price', options: PRICES, several: false },
] as const;
type FilterName = (typeof FILTERS)[number]['name'];

const oneOf = <T extends string>(options: readonly { id: T }[], value: string | null): T | undefined =>
  options.find((option) => option.id === value)?.id;

/**
 * A list's order and filters, kept in the page's address (`?sort=&level=&rating=&price=`), so a
 * shared link or a reload shows the same list. `key` changes with them, for the list's query.
 */
export function useListBrowse(search = false) {
  const [params, setParams] = useSearchParams();
  const sorts = search ? [RELEVANCE, ...SORTS] : SORTS;
  const sort = oneOf(sorts, params.get('sort'));
  const levels = params.getAll('level').filter((level): level is Level => oneOf(LEVELS, level) !== undefined);
  const rating = oneOf(RATINGS, params.get('rating'));
  const price = PRICES.find((option) => option.id === params.get('price'));
  const browse: BrowseQuery = {
    ...(sort ? { sort } : {}),
    ...(levels.length > 0 ? { level: levels } : {}),
    ...(rating ? { minRating: rating } : {}),
    ...(price ? price.query : {}),
  };
  /** Sets the named parameters (an empty list removes one), keeping the rest of the address. */
  const update = (changes: Record<string, readonly string[]>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, values] of Object.entries(changes)) {
          next.delete(name);
          for (const value of values) next.append(name, value);
        }
        return next;
      },
      { replace: true },
    );
  const change = (name: string, values: readonly string[]) => update({ [name]: values });
  const chosen: Record<FilterName, readonly string[]> = {
    level: levels,
    rating: rating ? [rating] : [],
    price: price ? [price.id] : [],
  };
  return {
    browse,
    key: JSON.stringify(browse),
    sort: sort ?? sorts[0].id,
    chosen,
    sorts,
    change,
    filtered: Object.values(chosen).some((values) => values.length > 0),
    clear: () => update({ level: [], rating: [], price: [] }),
  };
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.25rem;
  align-items: center;
  margin: 0.5rem 0 1.25rem;
  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    border: 0;
    padding: 0;
    margin: 0;
  }
  legend {
    float: left;
    margin-right: 0.4rem;
    color: ${theme.colors.muted};
    font-size: 0.9rem;
  }
  select {
    margin-left: 0.4rem;
    padding: 0.4rem 0.6rem;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
  }
`;

const Chip = styled.button<{ $on: boolean }>`
  padding: 0.3rem 0.75rem;
  border-radius: 999px;
  border: 1px solid ${({ $on }) => ($on ? theme.colors.primary : theme.colors.border)};
  background: ${({ $on }) => ($on ? theme.colors.primary : theme.colors.surface)};
  color: ${({ $on }) => ($on ? theme.colors.primaryText : theme.colors.ink)};
  font: inherit;
  font-size: 0.9rem;
  cursor: pointer;
  &:disabled {
    cursor: default;
    opacity: 0.55;
  }
`;

function Chips({
  legend,
  options,
  chosen,
  several,
  counts,
  onChange,
}: {
  legend: string;
  options: readonly { id: string; label: string }[];
  chosen: readonly string[];
  several: boolean;
  counts: Partial<Record<string, number>> | undefined;
  onChange: (next: readonly string[]) => void;
}) {
  const on = (id: string) => chosen.includes(id);
  const toggle = (id: string) =>
    onChange(on(id) ? chosen.filter((value) => value !== id) : several ? [...chosen, id] : [id]);
  return (
    <fieldset>
      <legend>{legend}</legend>
      {options.map((option) => {
        const count = counts?.[option.id];
        const pressed = on(option.id);
        return (
          <Chip
            key={option.id}
            type="button"
            $on={pressed}
            aria-pressed={pressed}
            disabled={!pressed && count === 0}
            onClick={() => toggle(option.id)}
          >
            {option.label}
            {count === undefined ? '' : ` (${count})`}
          </Chip>
        );
      })}
    </fieldset>
  );
}

/** The order and filter chips of a list, each chip with how many courses choosing it would show. */
export function ListControls({
  list,
  facets,
}: {
  list: ReturnType<typeof useListBrowse>;
  facets: ListFacets | undefined;
}) {
  const { chosen, change } = list;
  // While the list is asked again for a new choice, the counts shown are the last ones known.
  const known = useRef(facets);
  if (facets) known.current = facets;
  const counts = known.current;
  return (
    <Bar>
      <label>
        Sort by
        <ChoiceSelect choices={list.sorts} value={list.sort} onChange={(sort) => change('sort', [sort])} />
      </label>
      {FILTERS.map((filter) => (
        <Chips
          key={filter.name}
          {...filter}
          chosen={chosen[filter.name]}
          counts={counts?.[filter.name]}
          onChange={(next) => change(filter.name, next)}
        />
      ))}
      {list.filtered ? (
        <Button type="button" $variant="secondary" onClick={list.clear}>
          Clear filters
        </Button>
      ) : null}
    </Bar>
  );
}
