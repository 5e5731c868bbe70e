import type { DispatchEvent } from './dispatch.events';

/** Where one delivery stands in the ledger. */
export interface LedgerEntry {
  readonly status: 'claimed' | 'in_doubt' | 'done' | 'dead';
  readonly workerId: string;
  readonly claimedAt: string;
  /** How many times it has been claimed (a takeover or a reclaim counts). */
  readonly claims: number;
  /** The claim holding it began to hand the message over to the provider (reset by a new claim). */
  readonly handedOver?: boolean;
}

export interface DispatchState {
  readonly sessionId: string | null;
  readonly partition: number;
  readonly entries: ReadonlyMap<string, LedgerEntry>;
}

export const initialDispatchState = (): DispatchState => ({ sessionId: null, partition: 0, entries: new Map() });

export function evolveDispatch(state: DispatchState, event: DispatchEvent): DispatchState {
  const entries = new Map(state.entries);
  switch (event.type) {
    case 'DispatchesClaimed':
      for (const id of event.data.deliveryIds) {
        entries.set(id, { status: 'claimed', workerId: event.data.workerId, claimedAt: event.data.claimedAt, claims: (entries.get(id)?.claims ?? 0) + 1 });
      }
      return { sessionId: event.data.sessionId, partition: event.data.partition, entries };
    case 'DispatchesInDoubt':
      for (const id of event.data.deliveryIds) {
        const entry = entries.get(id);
        if (entry) entries.set(id, { ...entry, status: 'in_doubt', workerId: event.data.workerId });
      }
      return { ...state, entries };
    case 'DispatchesHandedOver':
      for (const id of event.data.deliveryIds) {
        const entry = entries.get(id);
        if (entry) entries.set(id, { ...entry, handedOver: true });
      }
      return { ...state, entries };
    case 'DispatchesSent':
      for (const outcome of event.data.outcomes) {
        const entry = entries.get(outcome.deliveryId);
        entries.set(outcome.deliveryId, { workerId: event.data.workerId, claimedAt: entry?.claimedAt ?? event.data.at, claims: entry?.claims ?? 1, status: 'done' });
      }
      return { ...state, entries };
    case 'DispatchesDeadLettered':
      for (const id of event.data.deliveryIds) {
        const entry = entries.get(id);
        if (entry) entries.set(id, { ...entry, status: 'dead' });
      }
      return { ...state, entries };
  }
}
