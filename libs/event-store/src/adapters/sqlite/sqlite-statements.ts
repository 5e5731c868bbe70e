import type Database from 'better-sqlite3';
import { RecordedEvent } from '../../event-store';
import { StoredEventId } from '../../idempotency';

export interface EventRow {
  readonly position: number;
  readonly stream_name: string;
  readonly revision: number;
  readonly event_id: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
  readonly recorded_at: string;
}

const COLUMNS = 'position, stream_name, revision, event_id, type, data, metadata, recorded_at';
const STORED_EVENT_ID = 'event_id AS id, stream_name AS streamName, revision, position';

/** The most rows one INSERT takes; appends are split into power-of-two runs, so at most 7 inserts are ever prepared. */
export const MAX_ROWS_PER_INSERT = 64;

/** Every statement the adapter runs, prepared once per connection. A limit of -1 means no limit. */
export interface SqliteStatements {
  /**
   * The INSERT of `rows` events (a power of two up to MAX_ROWS_PER_INSERT), prepared on first use. Its values: event
   * id, type, data and metadata for each row, then { stream, revision, recordedAt } shared by the rows (row i gets
   * revision + i).
   */
  insert(rows: number): Database.Statement<unknown[], never>;
  readonly streamHead: Database.Statement<[string], number>;
  readonly storePosition: Database.Statement<[], number>;
  /** A stream's events after a revision (exclusive), in order, up to a count: by the (stream, revision) key. */
  readonly eventsAfter: Database.Statement<[string, number, number], StoredEventId>;
  /** A stream's events after a revision (exclusive) with the given id: read by the key, the ids compared in SQLite. */
  readonly eventsWithIdAfter: Database.Statement<[string, number, string], StoredEventId>;
  /** The same for several ids, given as a JSON array. */
  readonly eventsWithIdsAfter: Database.Statement<[string, number, string], StoredEventId>;
  readonly readStream: Database.Statement<[string, number, number], EventRow>;
  readonly readAll: Database.Statement<[number, number], EventRow>;
}

export function prepareStatements(db: Database.Database): SqliteStatements {
  const inserts = new Map<number, Database.Statement<unknown[], never>>();
  return {
    insert: (rows) => {
      let statement = inserts.get(rows);
      if (!statement) {
        statement = db.prepare<unknown[], never>(
          'INSERT INTO es_events (stream_name, revision, event_id, type, data, metadata, recorded_at) VALUES ' +
            Array.from({ length: rows }, (_, i) => `(@stream, @revision + ${i}, ?, ?, ?, ?, @recordedAt)`).join(', '),
        );
        inserts.set(rows, statement);
      }
      return statement;
    },
    streamHead: db
      .prepare<[string], number>('SELECT revision FROM es_events WHERE stream_name = ? ORDER BY revision DESC LIMIT 1')
      .pluck(),
    storePosition: db.prepare<[], number>('SELECT COALESCE(MAX(position), 0) FROM es_events').pluck(),
    eventsAfter: db.prepare<[string, number, number], StoredEventId>(
      `SELECT ${STORED_EVENT_ID} FROM es_events WHERE stream_name = ? AND revision > ? ORDER BY revision LIMIT ?`,
    ),
    eventsWithIdAfter: db.prepare<[string, number, string], StoredEventId>(
      `SELECT ${STORED_EVENT_ID} FROM es_events WHERE stream_name = ? AND revision > ? AND event_id = ?`,
    ),
    eventsWithIdsAfter: db.prepare<[string, number, string], StoredEventId>(
      `SELECT ${STORED_EVENT_ID} FROM es_events WHERE stream_name = ? AND revision > ? AND event_id IN (SELECT value FROM json_each(?))`,
    ),
    readStream: db.prepare<[string, number, number], EventRow>(
      `SELECT ${COLUMNS} FROM es_events WHERE stream_name = ? AND revision >= ? ORDER BY revision LIMIT ?`,
    ),
    readAll: db.prepare<[number, number], EventRow>(
      `SELECT ${COLUMNS} FROM es_events WHERE position > ? ORDER BY position LIMIT ?`,
    ),
  };
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
    streamName: row.stream_name,
    revision: row.revision,
    position: row.position,
    recordedAt: row.recorded_at,
  };
}
