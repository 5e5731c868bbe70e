import type { AudioNoticeboardDto } from '@beacon/contracts';
import { BLANK, NOT_A_NOTICEBOARD_NUMBER, SETTINGS_TEXT_MAX_LENGTH, tooLong } from '@beacon/domain';
import { jest } from '@jest/globals';
import type { ApiClient, Method } from '../../../api/api-client';
import { ApiError } from '../../../api/api-error';
import { stubApi } from '../../../testing/stub-api';

/** A noticeboard as GET /api/audio-noticeboards/ answers it. */
export function aNoticeboard(phoneNumber: string, overrides: Partial<AudioNoticeboardDto> = {}): AudioNoticeboardDto {
  return { phone_number: phoneNumber, provider: 'noticeboard', is_voice: true, is_default: false, message: '', ...overrides };
}

/** Two numbers: one callers hear a message from, one without a message yet. */
export const TWO_NOTICEBOARDS: readonly AudioNoticeboardDto[] = [
  aNoticeboard('+442079460000', { message: 'The bridge is closed.', is_default: true }),
  aNoticeboard('+442079460001', { provider: 'twillio', is_voice: false }),
];

export interface RecordedCall {
  method: Method;
  path: string;
  body: unknown;
}

/**
 * The audio noticeboard calls as the server answers them, over an in-memory list: a PATCH changes
 * the message (with the server's refusals), and each call is recorded. Any other call fails the test.
 */
export class FakeAudioNoticeboardServer {
  readonly calls: RecordedCall[] = [];
  private noticeboards: AudioNoticeboardDto[];
  private readonly failures: { method: Method; error: ApiError }[] = [];
  private readonly holds: { method: Method; release: Promise<void> }[] = [];

  readonly send = jest.fn(async (method: Method, path: string, body?: unknown) => {
    this.calls.push({ method, path, body });
    const hold = this.holds.findIndex((planned) => planned.method === method);
    if (hold >= 0) await this.holds.splice(hold, 1)[0]!.release;
    const failure = this.failures.findIndex((planned) => planned.method === method);
    if (failure >= 0) throw this.failures.splice(failure, 1)[0]!.error;
    return this.answer(method, path, body);
  });

  readonly api: ApiClient = stubApi({ send: this.send as ApiClient['send'] });

  constructor(noticeboards: readonly AudioNoticeboardDto[] = TWO_NOTICEBOARDS) {
    this.noticeboards = noticeboards.map((noticeboard) => ({ ...noticeboard }));
  }

  /** The next call with this method fails so. */
  failNext(method: Method, error: ApiError): this {
    this.failures.push({ method, error });
    return this;
  }

  /** The next call with this method waits for the returned release before it answers. */
  holdNext(method: Method): () => void {
    let release!: () => void;
    this.holds.push({ method, release: new Promise<void>((resolve) => (release = resolve)) });
    return release;
  }

  /** An admin takes a number out of the group's settings. */
  removeNumber(phoneNumber: string): void {
    this.noticeboards = this.noticeboards.filter((noticeboard) => noticeboard.phone_number !== phoneNumber);
  }

  messageOf(phoneNumber: string): string | undefined {
    return this.noticeboards.find((noticeboard) => noticeboard.phone_number === phoneNumber)?.message;
  }

  writes(): RecordedCall[] {
    return this.calls.filter((call) => call.method !== 'GET');
  }

  private answer(method: Method, path: string, body: unknown): unknown {
    if (method === 'GET' && path === '/api/audio-noticeboards/') return this.noticeboards.map((noticeboard) => ({ ...noticeboard }));
    if (method === 'PATCH' && path === '/api/audio-noticeboard/') return this.change(body as { phone_number: string; message: string });
    throw new Error(`Unexpected call ${method} ${path}`);
  }

  private change({ phone_number: phoneNumber, message }: { phone_number: string; message: string }): AudioNoticeboardDto {
    const noticeboard = this.noticeboards.find((candidate) => candidate.phone_number === phoneNumber);
    const trimmed = message.trim();
    const fields: Record<string, string[]> = {};
    if (!noticeboard) fields['phone_number'] = [NOT_A_NOTICEBOARD_NUMBER];
    if (trimmed === '') fields['message'] = [BLANK];
    else if (trimmed.length > SETTINGS_TEXT_MAX_LENGTH) fields['message'] = [tooLong(SETTINGS_TEXT_MAX_LENGTH)];
    if (!noticeboard || Object.keys(fields).length > 0) throw new ApiError(400, { detail: 'Invalid audio noticeboard.', ...fields });
    noticeboard.message = trimmed;
    return { ...noticeboard };
  }
}
