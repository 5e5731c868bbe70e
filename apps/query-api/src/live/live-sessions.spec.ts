import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Principal } from '@beacon/platform';
import { LiveSessions, type ResolveToken } from './live-sessions';

const principal = (tokenId: string, expiresAt: number): Principal => ({
  userId: 'u1',
  email: 'ann@example.test',
  sessionId: `s-${tokenId}`,
  customerGroupId: 'g1',
  rootId: 'g1',
  customerPermission: 'OPERATOR',
  tokenId,
  expiresAt,
});

const socket = () => ({ disconnect: jest.fn() });

beforeEach(() => {
  jest.useFakeTimers({ now: 0 });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('live sessions', () => {
  it('closes the sockets of a revoked token, and only those', () => {
    const sessions = new LiveSessions(async () => null, jest.fn());
    const [a1, a2, b] = [socket(), socket(), socket()];
    sessions.watch(a1, 'token-a', principal('a', 60_000));
    sessions.watch(a2, 'token-a', principal('a', 60_000));
    sessions.watch(b, 'token-b', principal('b', 60_000));

    sessions.revoked(['a', 'unknown']);

    expect(a1.disconnect).toHaveBeenCalledWith(true);
    expect(a2.disconnect).toHaveBeenCalledWith(true);
    expect(b.disconnect).not.toHaveBeenCalled();
  });

  it('looks the token up again when it is due to expire: a token still in use is followed to its new expiry, an expired one closes', async () => {
    const lookups: ResolveToken = jest.fn<ResolveToken>().mockResolvedValueOnce(principal('a', 5_000)).mockResolvedValueOnce(null);
    const sessions = new LiveSessions(lookups, jest.fn());
    const watched = socket();
    sessions.watch(watched, 'token-a', principal('a', 2_000));

    await jest.advanceTimersByTimeAsync(1_999);
    expect(lookups).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(lookups).toHaveBeenCalledWith('token-a', 2_000);
    expect(watched.disconnect).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(3_000);
    expect(lookups).toHaveBeenCalledTimes(2);
    expect(watched.disconnect).toHaveBeenCalledWith(true);
  });

  it('tries again a second later when the token store cannot be reached', async () => {
    const failure = new Error('read store unavailable');
    const lookups: ResolveToken = jest.fn<ResolveToken>().mockRejectedValueOnce(failure).mockResolvedValueOnce(null);
    const onError = jest.fn();
    const sessions = new LiveSessions(lookups, onError);
    const watched = socket();
    sessions.watch(watched, 'token-a', principal('a', 1_000));

    await jest.advanceTimersByTimeAsync(1_000);
    expect(onError).toHaveBeenCalledWith(failure);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(watched.disconnect).toHaveBeenCalledWith(true);
  });

  it('stops watching a socket that disconnected on its own', async () => {
    const lookups = jest.fn<ResolveToken>().mockResolvedValue(null);
    const sessions = new LiveSessions(lookups, jest.fn());
    const watched = socket();
    const forget = sessions.watch(watched, 'token-a', principal('a', 1_000));

    forget();
    sessions.revoked(['a']);
    await jest.advanceTimersByTimeAsync(2_000);

    expect(lookups).not.toHaveBeenCalled();
    expect(watched.disconnect).not.toHaveBeenCalled();
  });
});
