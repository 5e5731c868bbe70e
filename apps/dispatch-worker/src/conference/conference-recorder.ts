import { Inject, Injectable } from '@nestjs/common';
import {
  conferenceRecordingDecider,
  conferenceRecordingStream,
  MAX_CONFERENCE_RECORDING_BYTES,
  type ConferenceRecording,
} from '@beacon/domain';
import { StreamNotFoundError, type EventStore } from '@beacon/event-store';
import { FILE_STORAGE, newFileKey, type FileStorage } from '@beacon/file-storage';
import { CommandExecutor, EVENT_STORE, PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { simulatedRecordingWav } from './simulated-recording';

/** The longest a recording's download may take. */
export const RECORDING_FETCH_TIMEOUT_MS = 120_000;
const TWILIO_API = 'https://api.twilio.com';
/** How long the simulator's recording lasts. */
const SIMULATED_SECONDS = 3;

/** A recording Twilio reported complete (its recording status callback), from either of our accounts. */
export interface TwilioRecordingReport {
  readonly recordingSid: string;
  /** Twilio's address of the recording, without an extension. */
  readonly recordingUrl: string;
  readonly durationSeconds: number | null;
  readonly account: 'first' | 'failover';
}

/** A recording could not be copied from the provider: its report is answered 503, for the provider to send again. */
export class RecordingUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RecordingUnavailableError';
  }
}

/** A recording that is not kept, whatever the provider sends again (its address is not the provider's API, it is too large): 400. */
export class RecordingRefusedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RecordingRefusedError';
  }
}

const notTwilio = (url: string) => new RecordingRefusedError(`The recording's address (${url}) is not on the Twilio API of this account.`);

/**
 * Keeps the recordings of conference bridges (domain conference-recording.ts): the audio in the
 * organisation's files, then the recording on the session's recording stream. A recording already kept
 * is neither fetched nor stored again.
 */
@Injectable()
export class ConferenceRecorder {
  /** The simulator's recordings being kept, by session. */
  private readonly simulated = new Map<string, Promise<void>>();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  /** Copies a recording Twilio reported (as MP3) and records it. */
  async saveFromTwilio(tenantId: string, sessionId: string, report: TwilioRecordingReport): Promise<void> {
    if (await this.kept(sessionId, report.recordingSid)) return;
    const account = report.account === 'failover' ? this.config.channelProviders.failover?.twilio : this.config.channelProviders.twilio;
    if (!account) throw new RecordingUnavailableError('Twilio is not configured.');
    const api = new URL(account.apiBaseUrl ?? TWILIO_API);
    let address: URL;
    try {
      address = new URL(report.recordingUrl);
    } catch {
      throw notTwilio(report.recordingUrl);
    }
    // Only Twilio's own API gets our credentials: a signed report still names no other server.
    if (address.origin !== api.origin || !address.pathname.startsWith(`/2010-04-01/Accounts/${account.accountSid}/`)) throw notTwilio(report.recordingUrl);
    let response: Response;
    try {
      response = await fetch(`${address.origin}${address.pathname.replace(/\.(mp3|wav)$/, '')}.mp3`, {
        headers: { Authorization: `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}` },
        signal: AbortSignal.timeout(RECORDING_FETCH_TIMEOUT_MS),
      });
    } catch (error) {
      throw new RecordingUnavailableError(`The recording could not be fetched from Twilio: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok || !response.body) throw new RecordingUnavailableError(`Twilio answered ${response.status} for the recording.`);
    const fileKey = newFileKey();
    const stored = await this.files.putStream(tenantId, fileKey, limited(response.body, MAX_CONFERENCE_RECORDING_BYTES), {
      name: `conference-${sessionId}.mp3`,
      contentType: 'audio/mpeg',
    });
    await this.record(tenantId, { sessionId, recordingId: report.recordingSid, fileKey, contentType: 'audio/mpeg', size: stored.size, durationSeconds: report.durationSeconds, provider: 'twilio', at: new Date().toISOString() });
  }

  /** The simulator's recording of a session's bridge, once someone joined it (one per session; those who join together share it). */
  saveSimulated(tenantId: string, sessionId: string): Promise<void> {
    const saving = this.simulated.get(sessionId) ?? this.saveSimulatedNow(tenantId, sessionId).finally(() => this.simulated.delete(sessionId));
    this.simulated.set(sessionId, saving);
    return saving;
  }

  private async saveSimulatedNow(tenantId: string, sessionId: string): Promise<void> {
    const recordingId = `sim-recording-${sessionId}`;
    if (await this.kept(sessionId, recordingId)) return;
    const fileKey = newFileKey();
    const stored = await this.files.put(tenantId, fileKey, simulatedRecordingWav(SIMULATED_SECONDS), { name: `conference-${sessionId}.wav`, contentType: 'audio/wav' });
    await this.record(tenantId, { sessionId, recordingId, fileKey, contentType: 'audio/wav', size: stored.size, durationSeconds: SIMULATED_SECONDS, provider: 'simulator', at: new Date().toISOString() });
  }

  private async record(tenantId: string, recording: ConferenceRecording): Promise<void> {
    const outcome = await this.executor.execute(conferenceRecordingStream(recording.sessionId), conferenceRecordingDecider, { type: 'SaveConferenceRecording', data: recording }, {
      tenantId,
      actorUserId: null,
      correlationId: recording.sessionId,
      acceptedAt: new Date(recording.at),
    });
    // Two reports of one recording at once: the second's copy is not the one recorded.
    if (!outcome.events.length) await this.files.delete(tenantId, recording.fileKey).catch(() => false);
  }

  private async kept(sessionId: string, recordingId: string): Promise<boolean> {
    try {
      const events = await this.eventStore.readStream(conferenceRecordingStream(sessionId));
      return events.some((event) => (event.data as Partial<ConferenceRecording>).recordingId === recordingId);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return false;
      throw error;
    }
  }
}

/** The body, failing past `limit` bytes (nothing is then stored). */
async function* limited(body: ReadableStream<Uint8Array>, limit: number): AsyncIterable<Uint8Array> {
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new RecordingRefusedError(`The recording is larger than ${limit / 1024 / 1024} MB.`);
    yield chunk;
  }
}
