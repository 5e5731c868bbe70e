import type { Decider } from '../shared/decider';
import { notFound } from '../shared/domain-errors';
import { normaliseEmail } from '../user/user-email';
import type { EmailSuppressionEvent, SuppressionReason, SuppressionSource } from './email-suppression.events';

/*
 * The suppression list of an organisation: one stream per (organisation, address), so a send checks
 * one short stream, and a rebuild of the read models (which never touches the event store) keeps it.
 */

export const SUPPRESSION_DETAIL_MAX_LENGTH = 500;
export const NOT_SUPPRESSED_MESSAGE = "This user's email address is not suppressed.";

export interface SuppressEmailAddress {
  readonly type: 'SuppressEmailAddress';
  readonly data: {
    email: string;
    userId: string | null;
    reason: SuppressionReason;
    detail: string;
    source: SuppressionSource;
    now: string;
  };
}

export interface ClearEmailSuppression {
  readonly type: 'ClearEmailSuppression';
  readonly data: { email: string; userId: string | null };
}

export type EmailSuppressionCommand = SuppressEmailAddress | ClearEmailSuppression;

export interface Suppression {
  readonly reason: SuppressionReason;
  readonly detail: string;
  readonly source: SuppressionSource;
  readonly suppressedAt: string;
}

export interface EmailSuppressionState {
  readonly suppression: Suppression | null;
}

/**
 * A second report of the same kind changes nothing (providers repeat callbacks, and every bounce of a
 * dead mailbox says the same), so the list keeps the first date; a complaint after a bounce, or a
 * bounce after a complaint, is recorded: the latest reason is the one shown.
 */
function suppress(command: SuppressEmailAddress, state: EmailSuppressionState): EmailSuppressionEvent[] {
  const { email, userId, reason, detail, source, now } = command.data;
  if (state.suppression?.reason === reason) return [];
  return [
    {
      type: 'EmailAddressSuppressed',
      data: { email: normaliseEmail(email), userId, reason, detail: detail.slice(0, SUPPRESSION_DETAIL_MAX_LENGTH), source, suppressedAt: now },
    },
  ];
}

function clear(command: ClearEmailSuppression, state: EmailSuppressionState): EmailSuppressionEvent[] {
  if (!state.suppression) throw notFound(NOT_SUPPRESSED_MESSAGE);
  const { email, userId } = command.data;
  return [{ type: 'EmailSuppressionCleared', data: { email: normaliseEmail(email), userId, reason: state.suppression.reason } }];
}

function decideEmailSuppression(command: EmailSuppressionCommand, state: EmailSuppressionState): EmailSuppressionEvent[] {
  switch (command.type) {
    case 'SuppressEmailAddress':
      return suppress(command, state);
    case 'ClearEmailSuppression':
      return clear(command, state);
  }
}

function evolveEmailSuppression(_state: EmailSuppressionState, event: EmailSuppressionEvent): EmailSuppressionState {
  switch (event.type) {
    case 'EmailAddressSuppressed': {
      const { reason, detail, source, suppressedAt } = event.data;
      return { suppression: { reason, detail, source, suppressedAt } };
    }
    case 'EmailSuppressionCleared':
      return { suppression: null };
  }
}

export const emailSuppressionDecider: Decider<EmailSuppressionCommand, EmailSuppressionEvent, EmailSuppressionState> = {
  decide: decideEmailSuppression,
  evolve: evolveEmailSuppression,
  initialState: () => ({ suppression: null }),
};

/** The stream of one address in one organisation (`rootId`, its root customer group). */
export const emailSuppressionStream = (rootId: string, email: string) => `email_suppression-${rootId}-${normaliseEmail(email)}`;
