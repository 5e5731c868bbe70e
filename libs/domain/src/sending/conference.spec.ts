import { describe, expect, it } from '@jest/globals';
import { newScenarioDraft, type ScenarioDraft } from '../message/scenario-draft';
import {
  conferenceDeliveryStateOf,
  conferenceReplyOf,
  conferenceScriptOf,
  isMachineAnswer,
  messageSessionConferenceDecider,
  type MessageSessionConferencePrepared,
} from './conference';
import { attemptsAgain, hasAnswered, replyLabelOf, type RecipientDelivery } from './follow-up';
import { nextFollowUp } from './follow-up-timers';
import { messageSessionDecider } from './message-session.decide';
import type { MessageSessionEvent } from './message-session.events';

const draft = (changes: Partial<ScenarioDraft> = {}): ScenarioDraft => ({
  ...newScenarioDraft({ ttsVoice: 'Amy', language: 'en-GB' }),
  scenario_type: 'conference',
  scenario_name: 'Bridge',
  message: { sms: 'Text', email: '', voice: 'The plant is on fire.' },
  ...changes,
});

const settings = { conference: { default_message_amd: 'Group machine text.', default_message_live: 'Group bridge intro.' }, default_amd_message: { message_type: 'tts_amd', message: 'Group default AMD.' } };

describe("a conference's script", () => {
  it("has a person hear the bridge's introduction (the message's, else the group's) and the message; a machine the message's own text, else the conference's, else the group's", () => {
    expect(conferenceScriptOf(draft({ conference_bridge_intro: 'Incident bridge.', message_text: 'Call back.', amd_conference: true }), settings)).toEqual({
      amd: true,
      liveMessage: 'Incident bridge.\nThe plant is on fire.',
      amdMessage: 'Call back.',
      recall: false,
    });
    expect(conferenceScriptOf(draft(), settings)).toMatchObject({ amd: false, liveMessage: 'Group bridge intro.\nThe plant is on fire.', amdMessage: 'Group machine text.' });
    expect(conferenceScriptOf(draft(), { default_amd_message: settings.default_amd_message }).amdMessage).toBe('Group default AMD.');
  });

  it('leaves a voicemail the message itself when nothing else is set, and never plays a recording as text', () => {
    expect(conferenceScriptOf(draft(), { default_amd_message: { message_type: 'recording_amd', message: 'media/1' } })).toMatchObject({
      liveMessage: 'The plant is on fire.',
      amdMessage: 'The plant is on fire.',
    });
    expect(conferenceScriptOf(draft({ global_message: true, message: { sms: 'One text.', email: '', voice: '' } }), {}).liveMessage).toBe('One text.');
  });
});

describe('a conference call answered', () => {
  it('by a machine or a fax hears the machine text; a person or an unknown answer is offered the conference', () => {
    expect(['machine_start', 'machine_end_beep', 'machine_end_silence', 'fax'].map(isMachineAnswer)).toEqual([true, true, true, true]);
    expect(['human', 'unknown', undefined].map(isMachineAnswer)).toEqual([false, false, false]);
  });

  it('records 1 (joined) or 2 (declined), and no other key', () => {
    expect(['1', '2', '3', '', undefined, '12'].map(conferenceReplyOf)).toEqual(['1', '2', null, null, null, null]);
  });

  it("is in the spec's states: 1 a Successful Connection, 2 a Conference Rejected, delivered a Successful Delivery, failed a Delivery Failure", () => {
    expect(conferenceDeliveryStateOf({ channel: 'VOICE', status: 'replied', reply: '1' })).toBe('Successful Connection');
    expect(conferenceDeliveryStateOf({ channel: 'VOICE', status: 'replied', reply: '2' })).toBe('Conference Rejected');
    expect(conferenceDeliveryStateOf({ channel: 'VOICE', status: 'delivered' })).toBe('Successful Delivery');
    expect(conferenceDeliveryStateOf({ channel: 'SMS', status: 'replied', reply: '2' })).toBe('Successful Delivery');
    expect(conferenceDeliveryStateOf({ channel: 'VOICE', status: 'timed_out' })).toBe('Delivery Failure');
    expect(conferenceDeliveryStateOf({ channel: 'VOICE', status: 'sent' })).toBeNull();
  });
});

describe("a conference's stream", () => {
  it('is prepared once: a second planner gets the first bridge', () => {
    const data = (bridge: string): MessageSessionConferencePrepared['data'] => ({ sessionId: 's1', bridge, amd: false, liveMessage: 'Hi', amdMessage: 'Hi', recall: false, at: '2025-01-01T00:00:00Z' });
    const first = messageSessionConferenceDecider.decide({ type: 'PrepareMessageSessionConference', data: data('a') }, messageSessionConferenceDecider.initialState());
    const state = messageSessionConferenceDecider.evolve(messageSessionConferenceDecider.initialState(), first[0]!);
    expect(messageSessionConferenceDecider.decide({ type: 'PrepareMessageSessionConference', data: data('b') }, state)).toEqual([]);
    expect(state).toMatchObject({ prepared: true, conference: { bridge: 'a' } });
  });
});

const call = (status: RecipientDelivery['status'], reply: string | null = null, deviceId = 'f1:VOICE'): RecipientDelivery => ({
  deliveryId: `s1.u1.${deviceId}.1`,
  recipientId: 'u1',
  deviceId,
  channel: deviceId.split(':')[1]!,
  status,
  address: '+447700900001',
  reply,
});

describe('replies in a conference session', () => {
  it('count a declined call (reply "2") as no response, in the reply label and for a resend, which calls it again', () => {
    expect(replyLabelOf([call('replied', '2')], true)).toBe('No Response');
    expect(replyLabelOf([call('replied', '2')])).toBe('replied');
    expect(replyLabelOf([call('replied', '1')], true)).toBe('replied');
    expect(attemptsAgain({ kind: 'resend', reply: 'No Response', conference: true }, [call('replied', '2')]).map((again) => again.deliveryId)).toEqual(['s1.u1.f1:VOICE.2']);
    expect(attemptsAgain({ kind: 'resend', reply: 'No Response', conference: true }, [call('replied', '1')])).toEqual([]);
  });

  it('recall those not connected (a machine, no choice, no answer) and not those who chose', () => {
    expect(hasAnswered([call('delivered')], true)).toBe(false);
    expect(hasAnswered([call('delivered')])).toBe(true);
    expect(attemptsAgain({ kind: 'auto_retry', conference: true }, [call('delivered'), call('delivered', null, 'f2:SMS')]).map((again) => again.deliveryId)).toEqual([
      's1.u1.f1:VOICE.2',
      's1.u1.f2:SMS.2',
    ]);
    expect(attemptsAgain({ kind: 'auto_retry', conference: true }, [call('replied', '2')])).toEqual([]);
    expect(attemptsAgain({ kind: 'auto_retry', conference: true }, [call('failed')])).toHaveLength(1);
  });
});

describe("a conference's recall", () => {
  const origin = (changes: Partial<ScenarioDraft>) => ({ sessionId: 's1', scenarioId: null, customerGroupId: 'g1', senderUserId: 'u0', scenario: draft(changes), timeoutSeconds: 1800 });
  const planned = (changes: Partial<ScenarioDraft>) => {
    const events: MessageSessionEvent[] = [
      { type: 'MessageSessionStarted', data: { ...origin(changes), at: '2025-01-01T10:00:00.000Z' } },
      { type: 'MessageSessionPlanned', data: { sessionId: 's1', pages: 1, recipients: 2, deliveries: 2, devices: 1, at: '2025-01-01T10:00:01.000Z' } },
    ];
    return events.reduce(messageSessionDecider.evolve, messageSessionDecider.initialState());
  };

  it('is one retry, auto_retry_minutes after the plan, when use_conference_recall is on', () => {
    expect(nextFollowUp(planned({ use_conference_recall: true, auto_retry_minutes: 3 }))).toEqual({ kind: 'auto_retry', step: null, due: '2025-01-01T10:03:01.000Z' });
    expect(nextFollowUp(planned({}))).toBeNull();
    expect(nextFollowUp(planned({ scenario_type: 'broadcast', use_conference_recall: true }))).toBeNull();
  });
});
