import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NotBuiltYet } from '../components/NotBuiltYet';

/** A route whose screen is still to come: shows NotBuiltYet with the screen's name. */
export function notBuilt(path: string | undefined, name: string): RouteObject {
  const element = <NotBuiltYet name={name} />;
  return path === undefined ? { index: true, element } : { path, element };
}

/** Loads a route's component on first visit, so its code stays out of the home page's bundle. */
export function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}
