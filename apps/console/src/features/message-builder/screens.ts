import { MESSAGE_BUILDER_STEPS, type ConsoleRouteKey } from '@beacon/contracts';
import { lazy } from 'react';
import type { ConsoleScreens, ScreenMap } from '../../app/routes/screen-map';

const MessageBuilderScreen = lazy(() => import('./MessageBuilderPage'));

/**
 * Create Message's and Edit Message's steps all show the one builder, so the draft stays while the
 * step changes; Edit Message itself shows its first step (Create Message redirects by its route).
 */
export const messageBuilderScreens: ScreenMap = {
  console: Object.fromEntries([
    ['message.edit', MessageBuilderScreen],
    ...MESSAGE_BUILDER_STEPS.flatMap((step) => [
      [`message.create.${step}` as ConsoleRouteKey, MessageBuilderScreen],
      [`message.edit.${step}` as ConsoleRouteKey, MessageBuilderScreen],
    ]),
  ]) as ConsoleScreens,
};
