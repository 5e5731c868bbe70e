import type { ComponentType } from 'react';
import type { ConsoleRouteKey, PublicRouteKey } from '@beacon/contracts';

/** A signed-in screen; it is given the route it stands for (one screen may serve several routes). */
export type ConsoleScreens = { readonly [K in ConsoleRouteKey]?: ComponentType<{ readonly routeKey: K }> };

/** A public or authentication screen. */
export type PublicScreens = { readonly [K in PublicRouteKey]?: ComponentType };

/** What a feature shows, by route key: each feature exports one of these from its `screens` file. */
export interface ScreenMap {
  readonly console?: ConsoleScreens;
  readonly public?: PublicScreens;
}

/** One map from every feature's; a route claimed by two features is a mistake, so it fails at once. */
export function composeScreenMaps(maps: readonly ScreenMap[]): Required<ScreenMap> {
  const merge = <M extends object>(parts: readonly (M | undefined)[]): M => {
    const merged: Record<string, unknown> = {};
    for (const part of parts) {
      for (const [key, screen] of Object.entries(part ?? {})) {
        if (Object.hasOwn(merged, key)) throw new Error(`Two features show the route ${key}`);
        merged[key] = screen;
      }
    }
    return merged as M;
  };
  return { console: merge(maps.map((map) => map.console)), public: merge(maps.map((map) => map.public)) };
}
