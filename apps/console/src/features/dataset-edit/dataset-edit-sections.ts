import { consoleRoute, type ConsoleRouteKey } from '@beacon/contracts';
import { generatePath } from 'react-router-dom';

/** A part of a dataset's edit screens, each at its own child route of /datasets/{id}/edit. */
export interface EditSection {
  readonly routeKey: ConsoleRouteKey;
  readonly label: string;
}

/** The tabs of a dataset's edit screen, in the spec's order (part 2 §2). */
export const EDIT_SECTIONS: readonly EditSection[] = [
  { routeKey: 'datasets.edit.devices', label: 'Devices' },
  { routeKey: 'datasets.edit.data', label: 'Data' },
  { routeKey: 'datasets.edit.settings', label: 'Settings' },
  { routeKey: 'datasets.edit.audit', label: 'Audit' },
  { routeKey: 'datasets.edit.sftp', label: 'SFTP' },
  { routeKey: 'datasets.edit.conference', label: 'Conference' },
  { routeKey: 'datasets.edit.onCall', label: 'On call' },
  { routeKey: 'datasets.edit.registration', label: 'Registration' },
  { routeKey: 'datasets.edit.mergeFields', label: 'Merge fields' },
];

/** The three settings screens, under Settings. */
export const SETTINGS_SUBSECTIONS: readonly EditSection[] = [
  { routeKey: 'datasets.edit.settings.outboundAndInboundRouting', label: 'Outbound and inbound routing' },
  { routeKey: 'datasets.edit.settings.userAndMaintenanceAndAccess', label: 'User, maintenance and access' },
  { routeKey: 'datasets.edit.settings.messageSending', label: 'Message sending' },
];

/** The tab a route belongs to: a settings screen is under Settings. */
export function sectionOf(routeKey: ConsoleRouteKey): ConsoleRouteKey {
  return routeKey.startsWith('datasets.edit.settings') ? 'datasets.edit.settings' : routeKey;
}

/** Where a part of the dataset's edit screens is. */
export const sectionPath = (routeKey: ConsoleRouteKey, id: string) => generatePath(consoleRoute(routeKey).path, { id });
