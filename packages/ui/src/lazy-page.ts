import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A page loaded as its own chunk on first render. `name` is the component its module exports; `load` is the module's
 * dynamic import, written at the call so that the bundler sees its path and chunk name.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  name: K,
  load: () => Promise<M>,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

/** The same for a react-router route's `lazy`: the route's `Component` comes with its chunk. */
export function lazyRoute<K extends string, M extends Record<K, ComponentType>>(
  name: K,
  load: () => Promise<M>,
): () => Promise<{ Component: M[K] }> {
  return () => load().then((m) => ({ Component: m[name] }));
}
