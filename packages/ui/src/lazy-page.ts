import { type ComponentProps, type ComponentType, createElement, lazy } from 'react';

/** A page loaded as its own chunk, which can also be loaded ahead of its first render. */
export type LazyPage<P extends object = object> = ComponentType<P> & {
  /** Loads the page's chunk; once it is here, the page renders without suspending. */
  preload(): Promise<void>;
};

/**
 * A page loaded as its own chunk on first render. `name` is the component its module exports; `load` is the module's
 * dynamic import, written at the call so that the bundler sees its path and chunk name. A page preloaded (`preload()`)
 * renders at once: what hydrating a page rendered on the server needs, so that the whole page, not its frame alone,
 * is taken over in the first pass (ADR 13). A part of a page loaded on demand (a view the page shows only for some
 * of its data) is made the same way and takes the props of the component it loads.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props; the result takes the same props
export function lazyPage<K extends string, M extends Record<K, ComponentType<any>>>(
  name: K,
  load: () => Promise<M>,
): LazyPage<ComponentProps<M[K]>> {
  type Props = ComponentProps<M[K]>;
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module[name] as ComponentType<Props>;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<Props> })));
  const Page = (props: Props) => createElement(loaded ?? Lazy, props);
  Page.displayName = name;
  return Object.assign(Page, { preload });
}
