import { createActorContext } from '@xstate/react';
import { sessionMachine } from './machines/session.machine';

/**
 * The app-wide session. The app passes its wired logic (`logic` prop) and the stored token
 * (`options.input`); tests pass stubbed logic the same way.
 */
export const SessionContext = createActorContext(sessionMachine);
