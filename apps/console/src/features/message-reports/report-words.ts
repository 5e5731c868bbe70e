import type { SessionReportDetailsDto } from '@beacon/contracts';
import { displayInstant, FAILURE_KIND_WORDS, type DeliveryStatus, type FailureKind } from '@beacon/domain';

/** A dispatch's status in words. */
export const DELIVERY_STATUS_WORDS: Readonly<Record<DeliveryStatus, string>> = {
  queued: 'Queued',
  claimed: 'Being sent',
  submitted: 'Handed to the provider',
  unknown: 'Being checked',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  timed_out: 'Timed out',
  replied: 'Replied',
};

export const SESSION_TYPE_WORDS: Readonly<Record<SessionReportDetailsDto['session_type'], string>> = {
  broadcast: 'Broadcast',
  sequence: 'Sequence',
  conference: 'Conference',
};

/** Why a dispatch failed: the server's words, else the kind of failure in words, else nothing. */
export const failureText = (reason: string | null, failure: FailureKind | null): string => reason ?? (failure ? FAILURE_KIND_WORDS[failure] : '');

/** An instant as DD/MM/YYYY HH:MM:SS in the user's time zone. */
export const instantText = (iso: string, timeZone: string): string => displayInstant(new Date(iso), timeZone, { seconds: true });
