import { UI_BASENAME } from '@beacon/contracts';

/** A full /ui/... path as a path for the router, whose basename is /ui. */
export function routerPath(fullPath: string): string {
  if (fullPath === UI_BASENAME) return '/';
  return fullPath.startsWith(`${UI_BASENAME}/`) ? fullPath.slice(UI_BASENAME.length) : fullPath;
}
