import type { QuotaUsageDto, ScenarioPageDto } from '@beacon/contracts';
import type { SendFailure } from '../send-failure';
import type { Outcomes, SendAttempt, SendingSnapshot } from './message-sending.machine';
import type { ProgressActor } from './session-progress.machine';

/** Narrow reads of the Send Message machine, so each part of the screen re-renders only when what it shows changes. */

export const selectPage = (snapshot: SendingSnapshot): ScenarioPageDto | null => snapshot.context.page;

export const selectOutcomes = (snapshot: SendingSnapshot): Outcomes => snapshot.context.outcomes;

/** The organisation's daily quotas and today's use, as last read with the list (null: not known). */
export const selectQuotaUsage = (snapshot: SendingSnapshot): QuotaUsageDto | null => snapshot.context.quotaUsage;

export const selectLoadError = (snapshot: SendingSnapshot): string | null => snapshot.context.error;

/** A page is loading (the first, the next, or the same again). */
export const selectLoading = (snapshot: SendingSnapshot): boolean => snapshot.matches({ list: 'loading' }) || snapshot.matches({ list: 'retrying' });

/** The message whose send is being prepared or started: while it runs, no other send starts. */
export const selectSendingId = (snapshot: SendingSnapshot): string | null => snapshot.context.attempt?.message.id ?? null;

/** Counting recipients (before the confirmation) or starting the send (after it). */
export const selectSendStep = (snapshot: SendingSnapshot): 'counting' | 'starting' | null =>
  snapshot.matches({ send: 'counting' }) ? 'counting' : snapshot.matches({ send: 'starting' }) ? 'starting' : null;

export const selectFailure = (snapshot: SendingSnapshot): (SendAttempt & { reason: SendFailure }) | null => snapshot.context.failure;

/** The progress of the session last sent from this screen, while it is shown. */
export const selectProgress = (snapshot: SendingSnapshot): ProgressActor | undefined => snapshot.children['progress'] as ProgressActor | undefined;
