import type { RunResultDto } from '@beacon/contracts';
import { describe, expect, it } from '@jest/globals';
import { goingSessionIds, progressOf, sessionRows } from './session-rows';
import { aListedSession, DEMO_ENTRIES } from './testing/fake-report-server';

const page = { count: 3, next: null, previous: null, results: [...DEMO_ENTRIES] };

describe('sessionRows', () => {
  it('gives each session sent its own row, with the message it came from', () => {
    expect(sessionRows(page).map((row) => [row.message.name, row.session.id])).toEqual([
      ['Site evacuation', 'session-8'],
      ['Site evacuation', 'session-7'],
      ['Fire drill (test)', 'session-3'],
    ]);
    expect(sessionRows(null)).toEqual([]);
    expect(goingSessionIds(page)).toEqual(['session-8']);
  });
});

describe('progressOf', () => {
  const outcome = (changes: Partial<RunResultDto>): RunResultDto => ({
    task_id: 's',
    session_id: 's',
    scenario: null,
    name: 'x',
    status: 'sending',
    scheduled_for: null,
    started_at: null,
    completed_at: null,
    recipients: 2,
    deliveries: 10,
    progress: { queued: 1, sending: 1, sent: 1, delivered: 3, failed: 1, replied: 1, unknown: 0, connected: 1, rejected: 1 },
    ...changes,
  });

  it('counts the messages with a final answer of a session still sending', () => {
    expect(progressOf(aListedSession('s', { status: 'sending' }), outcome({}))).toEqual({ kind: 'counted', done: 7, total: 10 });
    expect(progressOf(aListedSession('s', { status: 'sending' }), undefined)).toEqual({ kind: 'going' });
    expect(progressOf(aListedSession('s', { status: 'planning' }), outcome({ status: 'planning', deliveries: null }))).toEqual({ kind: 'planning' });
  });

  it('shows a complete session as over, and none for a cancelled or skipped one', () => {
    expect(progressOf(aListedSession('s', { status: 'sending' }), outcome({ status: 'complete' }))).toEqual({ kind: 'over' });
    expect(progressOf(aListedSession('s', { status: 'cancelled' }), undefined)).toEqual({ kind: 'none' });
    expect(progressOf(aListedSession('s', { status: 'skipped' }), undefined)).toEqual({ kind: 'none' });
  });
});
