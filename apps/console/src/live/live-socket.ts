import {
  LIVE_RESYNC_EVENT,
  LIVE_UPDATE_EVENT,
  type IncidentModuleSettingsDto,
  type LiveAuth,
  type LiveUpdate,
} from '@beacon/contracts';
import { io } from 'socket.io-client';
import { fromCallback } from 'xstate';
import type { LiveUpdatesInput, SessionEvent } from '../session/machines/session.machine';
import { publishLiveUpdate } from './live-incidents';

export const INCIDENT_MODULE_SETTINGS_CHANGED = 'IncidentModuleSettingsChanged';
export const ROOT_PERMISSIONS_CHANGED = 'RootPermissionsChanged';

/** socket.io calls this on every (re)connect, so the server always gets the latest position. */
export type LiveAuthProvider = (send: (auth: LiveAuth) => void) => void;

/** The part of a socket.io client socket the console uses. */
export interface LiveConnection {
  on(event: typeof LIVE_UPDATE_EVENT, listener: (update: LiveUpdate) => void): unknown;
  on(event: typeof LIVE_RESYNC_EVENT, listener: () => void): unknown;
  disconnect(): unknown;
}

export type ConnectLiveSocket = (auth: LiveAuthProvider) => LiveConnection;

export const connectLiveSocket: ConnectLiveSocket = (auth) =>
  io({ path: '/socket.io', auth, transports: ['websocket', 'polling'] });

/**
 * The console's one live-updates socket, as an actor the session invokes while signed in: it opens
 * on sign-in and closes on logout. It starts from the position the session's data was loaded at, so
 * the server replays whatever changed since. When the server cannot replay that far back it says
 * 'resync' and the session reloads (which restarts this actor). A rejected token ('unauthorized' connect error) is left quiet on
 * purpose: the next API call answers 401 and that ends the session.
 */
export function createLiveUpdatesLogic(connect: ConnectLiveSocket = connectLiveSocket) {
  return fromCallback<SessionEvent, LiveUpdatesInput>(({ input, sendBack }) => {
    let lastPosition = input.lastPosition;
    const socket = connect((send) => send({ token: input.token, lastPosition }));

    socket.on(LIVE_UPDATE_EVENT, (update) => {
      // A replay or a second room can bring an older update late: applying it would undo a newer
      // change. One event can yield several updates, so an equal position still counts. A trailing
      // read model's update (the session reports) comes late by design and only says "read it again".
      const late = lastPosition !== undefined && update.position < lastPosition;
      if (late && !update.trailing) return;
      if (!late) lastPosition = update.position;
      publishLiveUpdate(update);
      const settings = moduleSettingsChangeFor(update, input.customerGroupId);
      if (settings) sendBack({ type: 'session.moduleNameChanged', data: settings });
      const permissions = rootPermissionsIn(update);
      if (permissions) sendBack({ type: 'session.rootPermissionsChanged', permissions });
    });

    socket.on(LIVE_RESYNC_EVENT, () => sendBack({ type: 'session.resync' }));

    return () => {
      socket.disconnect();
    };
  });
}

function moduleSettingsChangeFor(update: LiveUpdate, customerGroupId: string): IncidentModuleSettingsDto | null {
  if (update.type !== INCIDENT_MODULE_SETTINGS_CHANGED || update.id !== customerGroupId) return null;
  return isIncidentModuleSettings(update.data) ? update.data : null;
}

function isIncidentModuleSettings(data: unknown): data is IncidentModuleSettingsDto {
  if (typeof data !== 'object' || data === null) return false;
  const { module_name, module_name_plural } = data as Record<string, unknown>;
  return typeof module_name === 'string' && typeof module_name_plural === 'string';
}

/** The organisation's feature permissions as now held, from the server's RootPermissionsChanged update (sent to its users only). */
function rootPermissionsIn(update: LiveUpdate): string[] | null {
  if (update.type !== ROOT_PERMISSIONS_CHANGED) return null;
  const permissions = (update.data as { root_customer_group_permissions?: unknown }).root_customer_group_permissions;
  return Array.isArray(permissions) && permissions.every((permission) => typeof permission === 'string') ? permissions : null;
}
