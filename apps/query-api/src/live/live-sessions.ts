import type { Principal } from '@beacon/platform';

/** The part of a socket.io socket this needs. */
export interface SessionSocket {
  disconnect(close: boolean): unknown;
}

/** Looks a token up again: the principal while it is live, null once revoked, expired or its user gone. */
export type ResolveToken = (token: string, now: number) => Promise<Principal | null>;

/** setTimeout's longest delay (about 24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;
/** When a check could not reach the token store, the next try. */
const RETRY_MS = 1_000;

interface Watched {
  readonly socket: SessionSocket;
  readonly token: string;
  timer: NodeJS.Timeout;
}

/**
 * The live sockets of one node by the token they were opened with, so that the end of a sign-in
 * closes them within a second: a revoked token (sign-out, the end of an impersonation, a password
 * change or reset) is announced on the bus and handed to {@link revoked}; an idle token has no such
 * moment, so each socket is checked again when its token is due to expire (calls made meanwhile
 * move the expiry on, so a token still in use is rescheduled, not closed).
 */
export class LiveSessions {
  private readonly byToken = new Map<string, Set<Watched>>();

  constructor(
    private readonly resolve: ResolveToken,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Watches a socket just authenticated; the returned function stops watching it (when it disconnects). */
  watch(socket: SessionSocket, token: string, principal: Principal): () => void {
    const watched: Watched = { socket, token, timer: this.expiryCheck(principal.expiresAt, () => this.recheck(watched, principal.tokenId)) };
    const sockets = this.byToken.get(principal.tokenId) ?? new Set<Watched>();
    sockets.add(watched);
    this.byToken.set(principal.tokenId, sockets);
    return () => this.forget(watched, principal.tokenId);
  }

  revoked(tokenIds: readonly string[]): void {
    for (const tokenId of tokenIds) {
      for (const watched of this.byToken.get(tokenId) ?? []) this.close(watched, tokenId);
    }
  }

  /** Stops every expiry check (the node is shutting down; socket.io closes the sockets). */
  clear(): void {
    for (const sockets of this.byToken.values()) for (const watched of sockets) clearTimeout(watched.timer);
    this.byToken.clear();
  }

  private recheck(watched: Watched, tokenId: string): void {
    this.resolve(watched.token, Date.now()).then(
      (principal) => {
        if (!this.byToken.get(tokenId)?.has(watched)) return;
        if (!principal) return this.close(watched, tokenId);
        watched.timer = this.expiryCheck(principal.expiresAt, () => this.recheck(watched, tokenId));
      },
      (error: unknown) => {
        this.onError(error);
        if (this.byToken.get(tokenId)?.has(watched)) watched.timer = this.expiryCheck(Date.now() + RETRY_MS, () => this.recheck(watched, tokenId));
      },
    );
  }

  private expiryCheck(expiresAt: number, check: () => void): NodeJS.Timeout {
    return setTimeout(check, Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
  }

  private close(watched: Watched, tokenId: string): void {
    this.forget(watched, tokenId);
    watched.socket.disconnect(true);
  }

  private forget(watched: Watched, tokenId: string): void {
    clearTimeout(watched.timer);
    const sockets = this.byToken.get(tokenId);
    sockets?.delete(watched);
    if (sockets?.size === 0) this.byToken.delete(tokenId);
  }
}
