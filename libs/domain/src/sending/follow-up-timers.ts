import { pendingFollowUps, type MessageSessionState } from './message-session.state';

/** A follow-up a session's timer starts (a resend is asked for, never due). */
export interface DueFollowUp {
  readonly kind: 'auto_retry' | 'sequence';
  readonly step: number | null;
  /** When it falls due (ISO-8601). */
  readonly due: string;
}

const MINUTE_MS = 60_000;
const plusMinutes = (at: string, minutes: number) => new Date(Date.parse(at) + Math.max(1, minutes) * MINUTE_MS).toISOString();

/**
 * The session's next timed follow-up, if any. Timers start once the plan is queued (never while a
 * follow-up is still being queued):
 * - a sequence's next device, `sequence_time` minutes after the last step began (the plan is step 0),
 *   while the plan has devices left and the last step sent something (none sent: everyone has answered
 *   or has no further device);
 * - then the auto-retry, once, `auto_retry_minutes` after the plan (for a sequence, after its last step);
 *   a conference's recall (`use_conference_recall`) is this same one retry, to those not connected.
 * Sessions planned before the plan recorded its devices have none (they were sent as broadcasts).
 */
export function nextFollowUp(state: MessageSessionState): DueFollowUp | null {
  if ((state.status !== 'sending' && state.status !== 'complete') || state.plannedAt === null || state.devices === null || pendingFollowUps(state).length) return null;
  const { scenario } = state.origin;
  const steps = state.followUps.filter((followUp) => followUp.kind === 'sequence');
  const last = steps.at(-1);
  const lastStepAt = last?.startedAt ?? state.plannedAt;
  if (scenario.scenario_type === 'sequence') {
    const step = (last?.step ?? 0) + 1;
    const sentLast = (last ? last.deliveries : state.deliveries) ?? 0;
    if (step < state.devices && sentLast > 0) return { kind: 'sequence', step, due: plusMinutes(lastStepAt, scenario.sequence_time) };
  }
  const recall = scenario.scenario_type === 'conference' && scenario.use_conference_recall;
  if ((scenario.auto_retry || recall) && (state.deliveries ?? 0) > 0 && !state.followUps.some((followUp) => followUp.kind === 'auto_retry')) {
    return { kind: 'auto_retry', step: null, due: plusMinutes(lastStepAt, scenario.auto_retry_minutes) };
  }
  return null;
}
