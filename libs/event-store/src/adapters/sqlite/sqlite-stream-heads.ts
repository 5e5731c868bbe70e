import type Database from 'better-sqlite3';

/** Streams kept at most; the least recently read leave first. */
const CAPACITY = 10_000;

/**
 * The last revision of recently read streams, so that asking a stream for events after its head
 * (the usual question of a process that keeps a stream's state folded, such as the current user of
 * each call) costs no SQL. Forgotten on every commit of this store and, through SQLite's
 * `data_version`, on every commit by another connection to the file.
 */
export class SqliteStreamHeads {
  private readonly heads = new Map<string, number>();
  private readonly dataVersion: Database.Statement<[], number>;
  private seenVersion: number;
  private checkedThisRun = false;

  constructor(db: Database.Database) {
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.seenVersion = this.dataVersion.get()!;
  }

  /** The stream's last revision when known to be current, else undefined. */
  get(streamName: string): number | undefined {
    this.checkOtherWriters();
    return this.heads.get(streamName);
  }

  remember(streamName: string, revision: number): void {
    this.heads.delete(streamName);
    this.heads.set(streamName, revision);
    if (this.heads.size > CAPACITY) this.heads.delete(this.heads.keys().next().value as string);
  }

  forget(): void {
    this.heads.clear();
  }

  /** Once per synchronous run: lookups in one run happen together, before any commit they could miss. */
  private checkOtherWriters(): void {
    if (this.checkedThisRun) return;
    this.checkedThisRun = true;
    queueMicrotask(() => (this.checkedThisRun = false));
    const version = this.dataVersion.get()!;
    if (version === this.seenVersion) return;
    this.seenVersion = version;
    this.heads.clear();
  }
}
