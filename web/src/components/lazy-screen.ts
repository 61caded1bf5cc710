import { createElement, lazy, useState, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { loadRestCatalogue } from '../i18n/language';

/** A screen in a chunk of its own; `preload` fetches the chunk before anyone opens the screen. */
export type LazyScreen<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<unknown>;
};

/**
 * A lazy screen from a module's named export; it waits for the signed-in screens' catalogue with its code.
 * Once its chunk is in (fetched ahead by `preload`), a new instance renders the screen at once: React's `lazy`
 * would suspend it for a turn first, and each suspension on the way to a page (guard, layout, page) costs a
 * commit of the fallback and React's throttled reveal after it.
 */
export function lazyScreen<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyScreen<P> {
  let loading: Promise<Record<K, ComponentType<P>>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    (loading ??= Promise.all([load(), loadRestCatalogue()])
      .then(([module]) => {
        loaded = module[name];
        return module;
      })
      .catch((error: unknown) => {
        loading = null;
        throw error;
      }));
  const Lazy = lazy<ComponentType<P>>(async () => ({ default: (await preload())[name] }));
  function Screen(props: P) {
    // Chosen once per instance: a screen that mounted through `lazy` is not remounted when the chunk is in.
    const [chosen] = useState(() => ({ component: loaded ?? Lazy }));
    return createElement(chosen.component, props);
  }
  Screen.displayName = `LazyScreen(${name})`;
  return Object.assign(Screen, { preload });
}
/** A lazy screen, or a component with a `preload` of its own (a guard whose chunk comes later). */
const isLazyScreen = (type: unknown): type is LazyScreen =>
  (typeof type === 'object' || typeof type === 'function') &&
  type !== null &&
  'preload' in type &&
  typeof type.preload === 'function';

let appRoutes: RouteObject[] = [];

/** The app's route table, for `prefetchScreen`. */
export function setPrefetchRoutes(routes: RouteObject[]): void {
  appRoutes = routes;
}

/**
 * Fetches the chunks of every lazy screen on the way to `path` (layouts and page), e.g. while the server
 * checks a password, so the next screen does not wait for its code. A failed fetch is tried again on opening.
 */
export function prefetchScreen(path: string, routes: RouteObject[] = appRoutes): void {
  for (const { route } of matchRoutes(routes, path) ?? []) {
    const type: unknown = (route.element as { type?: unknown } | undefined)?.type;
    if (isLazyScreen(type)) void type.preload().catch(() => undefined);
  }
}
