import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { DEFAULT_TIMINGS } from '../../app/timings';
import { sessionSetup, signedOutContext } from './session.setup';
import { signedInStates } from './signed-in.states';
import { signingInStates } from './signing-in.states';

export type {
  LastActivity,
  LiveUpdatesInput,
  LoadedSession,
  SessionContext,
  SessionEvent,
  SessionInput,
  SessionTimings,
} from './session.setup';

/**
 * The console's session, in two phases kept in their own files: signing in (signing-in.states.ts)
 * and the signed-in life (signed-in.states.ts). One machine, so the state a component or test
 * observes ('signedOut', { signedIn: { activity: 'inactive' } }, ...) is the same as before the split.
 */
export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...signedOutContext,
    token: input.storedToken,
    error: null,
    timings: input.timings ?? DEFAULT_TIMINGS,
  }),
  invoke: [{ src: 'watchUnauthorized' }, { src: 'watchResponses' }],
  initial: 'checking',
  states: {
    ...signingInStates,
    ...signedInStates,
  },
});

export type SessionMachine = typeof sessionMachine;
export type SessionActorRef = ActorRefFrom<SessionMachine>;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;
