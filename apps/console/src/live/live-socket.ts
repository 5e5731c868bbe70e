import { LIVE_UPDATE_EVENT, type IncidentModuleSettingsDto, type LiveAuth, type LiveUpdate } from '@beacon/contracts';
import { io } from 'socket.io-client';
import { fromCallback } from 'xstate';
import type { LiveUpdatesInput, SessionEvent } from '../features/session/machines/session.machine';

export const INCIDENT_MODULE_SETTINGS_CHANGED = 'IncidentModuleSettingsChanged';

/** socket.io calls this on every (re)connect, so the server always gets the latest position. */
export type LiveAuthProvider = (send: (auth: LiveAuth) => void) => void;

/** The part of a socket.io client socket the console uses. */
export interface LiveConnection {
  on(event: typeof LIVE_UPDATE_EVENT, listener: (update: LiveUpdate) => void): unknown;
  disconnect(): unknown;
}

export type ConnectLiveSocket = (auth: LiveAuthProvider) => LiveConnection;

export const connectLiveSocket: ConnectLiveSocket = (auth) =>
  io({ path: '/socket.io', auth, transports: ['websocket', 'polling'] });

/**
 * The console's one live-updates socket, as an actor the session invokes while signed in: it opens
 * on sign-in and closes on logout. A rejected token ('unauthorized' connect error) is left quiet on
 * purpose: the next API call answers 401 and that ends the session.
 */
export function createLiveUpdatesLogic(connect: ConnectLiveSocket = connectLiveSocket) {
  return fromCallback<SessionEvent, LiveUpdatesInput>(({ input, sendBack }) => {
    let lastPosition: number | undefined;
    const socket = connect((send) => send({ token: input.token, lastPosition }));

    socket.on(LIVE_UPDATE_EVENT, (update) => {
      // An update can reach us through more than one room, so keep the furthest position seen.
      lastPosition = Math.max(lastPosition ?? update.position, update.position);
      const settings = moduleSettingsChangeFor(update, input.customerGroupId);
      if (settings) sendBack({ type: 'session.moduleNameChanged', data: settings });
    });

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
