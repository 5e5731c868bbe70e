import { describe, expect, it } from '@jest/globals';
import { foldEvents } from '../shared/decider';
import { conferenceRecordingDecider, type ConferenceRecording } from './conference-recording';

const recording = (recordingId: string): ConferenceRecording => ({
  sessionId: 's1',
  recordingId,
  fileKey: 'a'.repeat(32),
  contentType: 'audio/mpeg',
  size: 1000,
  durationSeconds: 61,
  provider: 'twilio',
  at: '2026-11-27T10:00:00.000Z',
});

describe('conferenceRecordingDecider', () => {
  it('keeps each recording once: a second report of the same one decides nothing, another recording is kept beside it', () => {
    const first = conferenceRecordingDecider.decide({ type: 'SaveConferenceRecording', data: recording('RE1') }, conferenceRecordingDecider.initialState());
    expect(first).toEqual([{ type: 'ConferenceRecordingSaved', data: recording('RE1') }]);
    const state = foldEvents(conferenceRecordingDecider, first);
    expect(conferenceRecordingDecider.decide({ type: 'SaveConferenceRecording', data: { ...recording('RE1'), fileKey: 'b'.repeat(32) } }, state)).toEqual([]);
    expect(conferenceRecordingDecider.decide({ type: 'SaveConferenceRecording', data: recording('RE2') }, state)).toHaveLength(1);
  });
});
