import type { LiveAuth, LiveUpdate } from '@beacon/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { createActor, createMachine, type AnyEventObject } from 'xstate';
import { liveUpdates$ } from './live-incidents';
import { createLiveUpdatesLogic, type LiveAuthProvider, type LiveConnection } from './live-socket';

/** Stands in for a socket.io client socket: the test pushes updates and reconnects by hand. */
class FakeSocket implements LiveConnection {
  readonly disconnect = jest.fn();
  private listener: (update: LiveUpdate) => void = () => undefined;
  private resyncListener: () => void = () => undefined;

  constructor(private readonly auth: LiveAuthProvider) {}

  on(event: 'live', listener: (update: LiveUpdate) => void): this;
  on(event: 'resync', listener: () => void): this;
  on(event: 'live' | 'resync', listener: ((update: LiveUpdate) => void) | (() => void)) {
    if (event === 'live') this.listener = listener;
    else this.resyncListener = listener as () => void;
    return this;
  }

  /** The server saying the client missed too much to replay. */
  resync() {
    this.resyncListener();
  }

  push(update: Partial<LiveUpdate>) {
    this.listener({ position: 1, type: 'Other', resource: 'x', id: 'x', data: {}, tenantId: 'root-1', ...update });
  }

  /** What socket.io would send as `auth` on its next (re)connect. */
  handshake(): LiveAuth {
    let sent: LiveAuth | undefined;
    this.auth((auth) => (sent = auth));
    return sent!;
  }
}

function startLiveUpdates(lastPosition?: number) {
  const sockets: FakeSocket[] = [];
  const received: AnyEventObject[] = [];
  const logic = createLiveUpdatesLogic((auth) => {
    const socket = new FakeSocket(auth);
    sockets.push(socket);
    return socket;
  });
  // A parent that records what the live-updates actor sends back to it.
  const parent = createActor(
    createMachine({
      invoke: { src: logic, input: { token: 'token-1', customerGroupId: 'group-1', lastPosition } },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    }),
  );
  parent.start();
  return { parent, socket: sockets[0]!, sockets, received };
}

const moduleSettings = { module_name: 'Case', module_name_plural: 'Cases' };

describe('live updates socket', () => {
  it('opens one socket authenticated with the session token', () => {
    const { sockets } = startLiveUpdates();

    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.handshake()).toEqual({ token: 'token-1', lastPosition: undefined });
  });

  it('starts from the position the session data was loaded at', () => {
    const { socket } = startLiveUpdates(100);

    expect(socket.handshake()).toEqual({ token: 'token-1', lastPosition: 100 });
  });

  it('moves on from the loaded position as updates arrive', () => {
    const { socket } = startLiveUpdates(100);

    socket.push({ position: 101 });

    expect(socket.handshake()).toEqual({ token: 'token-1', lastPosition: 101 });
  });

  it('ignores a stale update, so a late replay never reverts the module name', () => {
    const { socket, received } = startLiveUpdates();
    const newer = { module_name: 'Event', module_name_plural: 'Events' };

    socket.push({ position: 50, type: 'IncidentModuleSettingsChanged', id: 'group-1', data: newer });
    socket.push({ position: 49, type: 'IncidentModuleSettingsChanged', id: 'group-1', data: moduleSettings });

    expect(received).toEqual([{ type: 'session.moduleNameChanged', data: newer }]);
    expect(socket.handshake()).toEqual({ token: 'token-1', lastPosition: 50 });
  });

  it('ignores updates older than the loaded position', () => {
    const { socket, received } = startLiveUpdates(100);

    socket.push({ position: 99, type: 'IncidentModuleSettingsChanged', id: 'group-1', data: moduleSettings });

    expect(received).toEqual([]);
    expect(socket.handshake()).toEqual({ token: 'token-1', lastPosition: 100 });
  });

  it('applies updates at the position already seen, since one event can yield several', () => {
    const { socket, received } = startLiveUpdates(100);

    socket.push({ position: 100, type: 'IncidentModuleSettingsChanged', id: 'group-1', data: moduleSettings });
    socket.push({ position: 101, type: 'Other' });
    socket.push({ position: 101, type: 'IncidentModuleSettingsChanged', id: 'group-1', data: moduleSettings });

    expect(received).toEqual([
      { type: 'session.moduleNameChanged', data: moduleSettings },
      { type: 'session.moduleNameChanged', data: moduleSettings },
    ]);
  });

  it('asks the session to reload when the server says it cannot replay', () => {
    const { socket, received } = startLiveUpdates(100);

    socket.resync();

    expect(received).toEqual([{ type: 'session.resync' }]);
  });

  it('sends the last position it saw when it reconnects', () => {
    const { socket } = startLiveUpdates();

    socket.push({ position: 41 });
    socket.push({ position: 42 });
    socket.push({ position: 40 });

    expect(socket.handshake()).toEqual({ token: 'token-1', lastPosition: 42 });
  });

  it('passes on a module name change of the signed-in customer group', () => {
    const { socket, received } = startLiveUpdates();

    socket.push({ type: 'IncidentModuleSettingsChanged', id: 'group-1', data: moduleSettings });

    expect(received).toEqual([{ type: 'session.moduleNameChanged', data: moduleSettings }]);
  });

  it('ignores other groups’ changes, other updates and malformed data', () => {
    const { socket, received } = startLiveUpdates();

    socket.push({ type: 'IncidentModuleSettingsChanged', id: 'group-2', data: moduleSettings });
    socket.push({ type: 'IncidentStarted', id: 'group-1', data: moduleSettings });
    socket.push({ type: 'IncidentModuleSettingsChanged', id: 'group-1', data: { module_name: 'Case' } });

    expect(received).toEqual([]);
  });

  it('disconnects when the session stops it', () => {
    const { parent, socket } = startLiveUpdates();

    parent.stop();

    expect(socket.disconnect).toHaveBeenCalledTimes(1);
  });

  it('hands the organisation’s new feature permissions to the session, and passes over a malformed update', () => {
    const { socket, received } = startLiveUpdates(10);
    socket.push({ position: 11, type: 'RootPermissionsChanged', id: 'root-1', data: { root_customer_group_permissions: ['SMS'] } });
    socket.push({ position: 12, type: 'RootPermissionsChanged', id: 'root-1', data: { root_customer_group_permissions: 'SMS' } });
    expect(received).toEqual([{ type: 'session.rootPermissionsChanged', permissions: ['SMS'] }]);
  });

  it('passes on a trailing read model’s late update (the session report), and keeps the last position seen', () => {
    const { socket, sockets } = startLiveUpdates(100);
    const seen: LiveUpdate[] = [];
    const subscription = liveUpdates$.subscribe((update) => seen.push(update));
    socket.push({ position: 90, type: 'DeliveriesReported', resource: 'message_session_reports', id: 's1', trailing: true });
    socket.push({ position: 91, type: 'DeliveriesReported', resource: 'message_deliveries', id: 's1' });
    subscription.unsubscribe();
    expect(seen.map((update) => update.resource)).toEqual(['message_session_reports']);
    expect(sockets[0]!.handshake()).toEqual({ token: 'token-1', lastPosition: 100 });
  });
});
