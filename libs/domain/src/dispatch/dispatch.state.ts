import type { DispatchEvent } from './dispatch.events';

export type DispatchState =
  | { readonly status: 'pending' }
  | { readonly status: 'claimed'; readonly jobId: string; readonly sessionId: string; readonly workerId: string; readonly claimedAt: string }
  | { readonly status: 'submitted' };

export const initialDispatchState = (): DispatchState => ({ status: 'pending' });

export function evolveDispatch(_state: DispatchState, event: DispatchEvent): DispatchState {
  switch (event.type) {
    case 'DispatchClaimed':
      return { status: 'claimed', ...event.data };
    case 'DispatchSubmitted':
      return { status: 'submitted' };
  }
}
