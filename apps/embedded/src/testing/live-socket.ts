import { io, type Socket } from 'socket.io-client';
import { LIVE_UPDATE_EVENT, type LiveAuth, type LiveUpdate } from '@beacon/contracts';
import type { TestApp } from './embedded-test-app';

/** A socket.io client as the console opens it, without reconnecting on its own. */
export function connectLive(app: TestApp, auth: LiveAuth): Socket {
  return io(app.url, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false, forceNew: true });
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** The next update `predicate` accepts, or a rejection after `timeoutMs`. */
export function nextUpdate(socket: Socket, predicate: (update: LiveUpdate) => boolean, timeoutMs = 10_000): Promise<LiveUpdate> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no live update within ${timeoutMs} ms`)), timeoutMs);
    const listener = (update: LiveUpdate) => {
      if (!predicate(update)) return;
      clearTimeout(timer);
      socket.off(LIVE_UPDATE_EVENT, listener);
      resolve(update);
    };
    socket.on(LIVE_UPDATE_EVENT, listener);
  });
}

/** Resolves with socket.io's reason when the socket disconnects; rejects if it is still connected after `timeoutMs`. */
export function disconnected(socket: Socket, timeoutMs: number): Promise<Socket.DisconnectReason> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
