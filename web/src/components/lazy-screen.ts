import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { loadRestCatalogue } from '../i18n/language';

/** A screen in a chunk of its own; `preload` fetches the chunk before anyone opens the screen. */
export type LazyScreen<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/** A lazy screen from a module's named export; it waits for the signed-in screens' catalogue with its code. */
export function lazyScreen<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyScreen<P> {
  let loading: Promise<Record<K, ComponentType<P>>> | null = null;
  const preload = () =>
    (loading ??= Promise.all([load(), loadRestCatalogue()])
      .then(([module]) => module)
      .catch((error: unknown) => {
        loading = null;
        throw error;
      }));
  return Object.assign(
    lazy(async () => ({ default: (await preload())[name] })),
    { preload },
  );
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
export function prefetchScreen(path: string): void {
  for (const { route } of matchRoutes(appRoutes, path) ?? []) {
    const type: unknown = (route.element as { type?: unknown } | undefined)?.type;
    if (isLazyScreen(type)) void type.preload().catch(() => undefined);
  }
}
