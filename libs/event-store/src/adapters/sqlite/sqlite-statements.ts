import type Database from 'better-sqlite3';
import { RecordedEvent } from '../../event-store';
import { StoredEventRef } from '../../idempotency';

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

/** Every statement the adapter runs, prepared once per connection. A limit of -1 means no limit. */
export interface SqliteStatements {
  readonly insert: Database.Statement<[string, number, string, string, string, string, string], never>;
  readonly streamHead: Database.Statement<[string], number>;
  readonly storePosition: Database.Statement<[], number>;
  readonly eventInStream: Database.Statement<[string, string], StoredEventRef>;
  readonly readStream: Database.Statement<[string, number, number], EventRow>;
  readonly readAll: Database.Statement<[number, number], EventRow>;
}

export function prepareStatements(db: Database.Database): SqliteStatements {
  return {
    insert: db.prepare<[string, number, string, string, string, string, string], never>(
      'INSERT INTO es_events (stream_name, revision, event_id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    streamHead: db
      .prepare<[string], number>('SELECT revision FROM es_events WHERE stream_name = ? ORDER BY revision DESC LIMIT 1')
      .pluck(),
    storePosition: db.prepare<[], number>('SELECT COALESCE(MAX(position), 0) FROM es_events').pluck(),
    eventInStream: db.prepare<[string, string], StoredEventRef>(
      'SELECT stream_name AS streamName, revision, position FROM es_events WHERE stream_name = ? AND event_id = ?',
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
