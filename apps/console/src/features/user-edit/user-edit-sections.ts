import { consoleRoute, type ConsoleRouteKey } from '@beacon/contracts';
import { generatePath } from 'react-router-dom';

/** A tab of a user's edit screen, each at its own child route of /users/{id}/edit. */
export interface UserSection {
  readonly routeKey: ConsoleRouteKey;
  readonly label: string;
}

/** The tabs in the spec's order (part 2 §2: devices, data, settings, on_call). */
export const USER_SECTIONS: readonly UserSection[] = [
  { routeKey: 'users.edit.devices', label: 'Devices' },
  { routeKey: 'users.edit.data', label: 'Data' },
  { routeKey: 'users.edit.settings', label: 'Settings' },
  { routeKey: 'users.edit.onCall', label: 'On call' },
];

/** Where a tab of the user's edit screen is. */
export const sectionPath = (routeKey: ConsoleRouteKey, id: string) => generatePath(consoleRoute(routeKey).path, { id });
