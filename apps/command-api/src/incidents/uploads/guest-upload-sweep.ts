import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import {
  attachmentKeysHeldBy,
  GUEST_UPLOAD_KEPT_UNATTACHED_MS,
  incidentAttachmentDecider,
  incidentAttachmentStream,
  type IncidentAttachmentUploadedData,
} from '@beacon/domain';
import type { EventStore, RecordedEvent } from '@beacon/event-store';
import { FILE_STORAGE, type FileStorage } from '@beacon/file-storage';
import { CommandExecutor, EVENT_STORE } from '@beacon/platform';

/** How often unattached guest uploads are looked for (and once at start). */
export const GUEST_UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const BATCH_SIZE = 1000;

/** A guest's upload no incident or template has held so far. */
interface WaitingUpload {
  readonly tenantId: string;
  readonly uploadedAt: number;
}

/**
 * Anyone on the internet may upload to a public incident template page, and most such files should end
 * up in an incident; those that no incident (nor template) has held a day after their upload are
 * removed, and the removal is recorded as IncidentAttachmentRemoved on the upload's stream. Which
 * uploads wait is learnt from the event history (guest uploads, and the attachment keys incident and
 * template events hold), read incrementally: the whole history once per process start, then only what
 * was appended since. The file goes first and the record after, so a sweep cut short by a crash leaves
 * an upload that the next one finds again (removing a file already gone is harmless); several
 * command-api nodes may sweep at once: the upload's stream records one removal.
 */
@Injectable()
export class GuestUploadSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('GuestUploads');
  private readonly waiting = new Map<string, WaitingUpload>();
  private position = 0;
  private timer: NodeJS.Timeout | undefined;
  /** The sweep under way, or the last one: sweeps run one after another, never two at once. */
  private latest: Promise<number> = Promise.resolve(0);

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweepLogged(), GUEST_UPLOAD_SWEEP_INTERVAL_MS);
    this.timer.unref();
    void this.sweepLogged();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.latest.catch(() => undefined);
  }

  /**
   * Removes the guest uploads that no incident or template held within a day of `now` (the clock is the
   * caller's); answers how many. A sweep asked for while one runs waits for it, then runs its own.
   */
  sweep(now: Date = new Date()): Promise<number> {
    this.latest = this.latest.catch(() => 0).then(() => this.removeExpired(now.getTime()));
    return this.latest;
  }

  private async sweepLogged(): Promise<void> {
    try {
      const removed = await this.sweep();
      if (removed > 0) this.logger.log(`Removed ${removed} guest upload(s) no incident held within a day`);
    } catch (error) {
      this.logger.error(`The sweep of guest uploads failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }

  private async removeExpired(now: number): Promise<number> {
    await this.catchUp();
    let removed = 0;
    for (const [key, upload] of this.waiting) {
      if (now - upload.uploadedAt < GUEST_UPLOAD_KEPT_UNATTACHED_MS) continue;
      try {
        await this.remove(key, upload, new Date(now));
        this.waiting.delete(key);
        removed++;
      } catch (error) {
        // It stays waiting: the next sweep tries again; the others need not wait for it.
        this.logger.error(`Could not remove the guest upload ${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return removed;
  }

  private async remove(key: string, upload: WaitingUpload, at: Date): Promise<void> {
    await this.storage.delete(upload.tenantId, key);
    await this.executor.execute(
      incidentAttachmentStream(key),
      incidentAttachmentDecider,
      { type: 'RemoveUnattachedGuestUpload', data: { key } },
      { tenantId: upload.tenantId, customerGroupId: upload.tenantId, actorUserId: null, acceptedAt: at },
    );
  }

  /** Reads the events appended since the last sweep. */
  private async catchUp(): Promise<void> {
    for (;;) {
      const events = await this.eventStore.readAll({ fromPosition: this.position, maxCount: BATCH_SIZE });
      for (const event of events) this.apply(event);
      if (events.length < BATCH_SIZE) return;
    }
  }

  private apply(event: RecordedEvent): void {
    this.position = event.position;
    if (event.type === 'IncidentAttachmentUploaded') {
      const upload = event.data as IncidentAttachmentUploadedData;
      if (upload.templateId === null) return;
      const acceptedAt = typeof event.metadata.acceptedAt === 'string' ? event.metadata.acceptedAt : event.recordedAt;
      this.waiting.set(upload.key, { tenantId: upload.tenantId, uploadedAt: Date.parse(acceptedAt) });
    } else if (event.type === 'IncidentAttachmentRemoved') {
      this.waiting.delete((event.data as { key: string }).key);
    } else {
      for (const key of attachmentKeysHeldBy(event)) this.waiting.delete(key);
    }
  }
}
