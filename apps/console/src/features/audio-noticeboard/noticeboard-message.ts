import { BLANK, SETTINGS_TEXT_MAX_LENGTH, tooLong } from '@beacon/domain';
import type { AudioNoticeboardDto } from '@beacon/contracts';

/** The most characters a noticeboard message may hold (the server's limit for settings texts). */
export const NOTICEBOARD_MESSAGE_MAX_LENGTH = SETTINGS_TEXT_MAX_LENGTH;

/** What is wrong with a message as typed, in the server's words (none when it is fine); the server trims it. */
export function messageErrors(message: string): string[] {
  const trimmed = message.trim();
  if (trimmed === '') return [BLANK];
  if (trimmed.length > NOTICEBOARD_MESSAGE_MAX_LENGTH) return [tooLong(NOTICEBOARD_MESSAGE_MAX_LENGTH)];
  return [];
}

/** "12 of 1000 characters" under the message. */
export const characterCount = (message: string) => `${message.length} of ${NOTICEBOARD_MESSAGE_MAX_LENGTH} characters`;

/** A noticeboard callers hear nothing from yet: the ones Create offers. */
export const hasNoMessage = (noticeboard: AudioNoticeboardDto) => noticeboard.message.trim() === '';

/**
 * The {id} of /audio_noticeboard/{id}: the number without its leading "+" (digits only), so the
 * path needs no escaping; numbers are international (E.164), so the "+" carries nothing.
 */
export const noticeboardRouteId = (phoneNumber: string) => phoneNumber.replace(/^\+/, '');

/** The noticeboard an {id} stands for; none for an id that is not digits only or not one of the group's numbers. */
export function noticeboardOfRouteId(noticeboards: readonly AudioNoticeboardDto[], id: string | undefined): AudioNoticeboardDto | undefined {
  if (id === undefined || !/^\d+$/.test(id)) return undefined;
  return noticeboards.find((noticeboard) => noticeboardRouteId(noticeboard.phone_number) === id);
}
