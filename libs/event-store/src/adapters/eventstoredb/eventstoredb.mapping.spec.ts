import {
  ANY,
  jsonEvent,
  NO_STREAM,
  RecordedEvent as EsdbRecordedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError as EsdbStreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { describe, expect, it } from '@jest/globals';
import {
  EventStoreUnavailableError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '../../event-store';
import {
  fromEsdbCurrentRevision,
  fromEsdbError,
  fromEsdbEvent,
  fromEsdbExpectedRevision,
  fromEsdbPosition,
  isSystemEvent,
  toEsdbEvent,
  toEsdbExpectedRevision,
  toEsdbReadPosition,
} from './eventstoredb.mapping';

const ID = '5f0c6c7e-1a1b-4a39-9c55-1d1f0e8d2c11';

describe('EventStoreDB mapping', () => {
  describe('expected revisions', () => {
    it.each([
      ['any', ANY],
      ['no-stream', NO_STREAM],
      ['stream-exists', STREAM_EXISTS],
      [7, BigInt(7)],
    ] as const)('maps %s both ways', (port, esdb) => {
      expect(toEsdbExpectedRevision(port)).toBe(esdb);
      expect(fromEsdbExpectedRevision(esdb)).toBe(port);
    });

    it("maps the server's current revision to a number or 'no-stream'", () => {
      expect(fromEsdbCurrentRevision(BigInt(3))).toBe(3);
      expect(fromEsdbCurrentRevision(NO_STREAM)).toBe('no-stream');
    });
  });

  describe('positions', () => {
    it('uses the commit position as the port position', () => {
      expect(fromEsdbPosition({ commit: BigInt(1234), prepare: BigInt(1234) })).toBe(1234);
    });

    it('reads from the start for position 0 and from commit = prepare = position otherwise', () => {
      expect(toEsdbReadPosition(0)).toBe(START);
      expect(toEsdbReadPosition(1234)).toEqual({ commit: BigInt(1234), prepare: BigInt(1234) });
    });
  });

  describe('events', () => {
    it('writes a JSON event with its id, type, data and metadata', () => {
      const event = toEsdbEvent({ id: ID, type: 'IncidentStarted', data: { title: 'Flood' }, metadata: { tenantId: 't1' } });

      expect(event).toEqual(
        jsonEvent({ id: ID, type: 'IncidentStarted', data: { title: 'Flood' }, metadata: { tenantId: 't1' } }),
      );
      expect(event.contentType).toBe('application/json');
    });

    it('writes absent metadata as an empty object', () => {
      expect(toEsdbEvent({ id: ID, type: 'IncidentStarted', data: {} }).metadata).toEqual({});
    });

    it('reads a recorded event into the port shape', () => {
      const created = new Date('2024-05-01T10:00:00.123Z');

      const event = fromEsdbEvent(recorded({ created, metadata: { tenantId: 't1' } }));

      expect(event).toEqual({
        id: ID,
        type: 'IncidentStarted',
        data: { title: 'Flood' },
        metadata: { tenantId: 't1' },
        streamName: 'incident-1',
        revision: 2,
        position: 4096,
        recordedAt: '2024-05-01T10:00:00.123Z',
      });
    });

    it('reads absent metadata as an empty object', () => {
      expect(fromEsdbEvent(recorded({ metadata: undefined })).metadata).toEqual({});
    });

    it('refuses events without a usable position (servers before 22.6)', () => {
      expect(() => fromEsdbEvent(recorded({ position: undefined }))).toThrow(EventStoreUnavailableError);
      const placeholder = BigInt('18446744073709551615');
      expect(() => fromEsdbEvent(recorded({ position: { commit: placeholder, prepare: placeholder } }))).toThrow(
        EventStoreUnavailableError,
      );
    });

    it('recognises system events by their $ type', () => {
      expect(isSystemEvent({ type: '$statsCollected' })).toBe(true);
      expect(isSystemEvent({ type: 'IncidentStarted' })).toBe(false);
    });
  });

  describe('errors', () => {
    it('translates a wrong expected version, keeping the expected revision the caller gave', () => {
      const error = new WrongExpectedVersionError(undefined, {
        streamName: 'incident-1',
        expected: BigInt(1),
        current: BigInt(4),
      });

      const translated = fromEsdbError(error, 1);

      expect(translated).toBeInstanceOf(WrongExpectedRevisionError);
      expect(translated).toMatchObject({ streamName: 'incident-1', expected: 1, actual: 4 });
    });

    it("translates a wrong expected version on a missing stream to actual 'no-stream'", () => {
      const error = new WrongExpectedVersionError(undefined, {
        streamName: 'incident-1',
        expected: STREAM_EXISTS,
        current: NO_STREAM,
      });

      expect(fromEsdbError(error)).toMatchObject({ expected: 'stream-exists', actual: 'no-stream' });
    });

    it('translates a missing stream', () => {
      const translated = fromEsdbError(new EsdbStreamNotFoundError(undefined, 'incident-1'));

      expect(translated).toBeInstanceOf(StreamNotFoundError);
      expect(translated).toMatchObject({ streamName: 'incident-1' });
    });

    it('translates connection and unknown failures to unavailable, keeping the cause', () => {
      const unavailable = new UnavailableError();
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2113'), { code: 'ECONNREFUSED' });

      expect(fromEsdbError(unavailable)).toBeInstanceOf(EventStoreUnavailableError);
      expect(fromEsdbError(unavailable).cause).toBe(unavailable);
      expect(fromEsdbError(refused)).toBeInstanceOf(EventStoreUnavailableError);
    });

    it("passes the port's own errors through", () => {
      const error = new StreamNotFoundError('incident-1');

      expect(fromEsdbError(error)).toBe(error);
    });
  });
});

function recorded(overrides: Partial<EsdbRecordedEvent>): EsdbRecordedEvent {
  return {
    streamId: 'incident-1',
    id: ID,
    isJson: true,
    revision: BigInt(2),
    type: 'IncidentStarted',
    created: new Date('2024-05-01T10:00:00.000Z'),
    data: { title: 'Flood' },
    metadata: undefined,
    position: { commit: BigInt(4096), prepare: BigInt(4096) },
    ...overrides,
  } as EsdbRecordedEvent;
}
