import { useLocation } from 'react-router';

/** Where the app went, as "At /path?query": the element of a catch-all route a test follows a link to. */
export function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <p>At {`${pathname}${search}`}</p>;
}
