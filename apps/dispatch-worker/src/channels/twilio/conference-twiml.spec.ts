import { describe, expect, it } from '@jest/globals';
import twilio from 'twilio';
import type { ConferenceCall } from '@beacon/domain';
import { conferenceRecordingCallbackUrlOf, parseConferenceCallback, parseRecordingCallback } from './conference-callback';
import { conferenceAnswerTwiml, conferenceChoiceTwiml } from './conference-twiml';

const call: ConferenceCall = {
  sessionId: 's1',
  bridge: 'beacon-conference-0123456789abcdef0123456789abcdef',
  amd: true,
  liveMessage: 'Incident bridge <B> & more.\nThe plant is on fire.',
  amdMessage: 'Please call the duty manager.',
  recall: false,
};
const ACTION = 'https://beacon.test/api/provider_callback/twilio/conference/s1.u1.f1%3AVOICE.1';
const RECORDING = 'https://beacon.test/api/provider_callback/twilio/conference_recording/s1';

describe('the TwiML of a conference call', () => {
  it('has a machine hear the answering-machine message and hang up', () => {
    expect(conferenceAnswerTwiml(call, 'machine_end_beep', ACTION, { voice: 'Polly.Amy' })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Polly.Amy">Please call the duty manager.</Say><Hangup/></Response>',
    );
  });

  it('asks a person (or an answer detection could not tell, or with detection off) to press 1 or 2, twice, then says goodbye', () => {
    const twiml = conferenceAnswerTwiml(call, 'human', ACTION);
    expect(twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
        `<Gather input="dtmf" numDigits="1" timeout="10" action="${ACTION}" method="POST"><Say>Incident bridge &lt;B&gt; &amp; more.\nThe plant is on fire.</Say><Say>Press 1 to join the conference, or 2 to decline.</Say></Gather>` +
        `<Gather input="dtmf" numDigits="1" timeout="10" action="${ACTION}" method="POST"><Say>Press 1 to join the conference, or 2 to decline.</Say></Gather>` +
        '<Say>No choice was made. Goodbye.</Say><Hangup/></Response>',
    );
    expect(conferenceAnswerTwiml(call, 'unknown', ACTION)).toBe(twiml);
    expect(conferenceAnswerTwiml({ ...call, amd: false }, 'machine_start', ACTION)).toBe(twiml);
  });

  it('joins the session’s recorded bridge on 1 (telling the person so), ends the call on 2, and asks again on any other key', () => {
    expect(conferenceRecordingCallbackUrlOf('https://beacon.test/', 's1')).toBe(RECORDING);
    expect(conferenceChoiceTwiml(call, '1', ACTION, RECORDING)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Connecting you to the conference now. The conference is recorded.</Say>' +
        '<Dial><Conference startConferenceOnEnter="true" endConferenceOnExit="false" beep="true"' +
        ` record="record-from-start" recordingStatusCallback="${RECORDING}" recordingStatusCallbackMethod="POST" recordingStatusCallbackEvent="completed">` +
        'beacon-conference-0123456789abcdef0123456789abcdef</Conference></Dial></Response>',
    );
    expect(conferenceChoiceTwiml(call, '2', ACTION, RECORDING)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Say>You have declined the conference. Goodbye.</Say><Hangup/></Response>');
    expect(conferenceChoiceTwiml(call, '7', ACTION, RECORDING)).toMatch(/^<\?xml[^>]*><Response><Gather [^>]*><Say>That is not one of the choices\.<\/Say><Say>Press 1/);
  });
});

describe('a post to a conference call’s address', () => {
  const TOKEN = 'token-1';
  const FAILOVER = 'token-2';
  const form = { CallSid: 'CA1', CallStatus: 'in-progress', AnsweredBy: 'human' };
  const signed = (body: Record<string, string>, token = TOKEN) => ({ url: ACTION, headers: { 'X-Twilio-Signature': twilio.getExpectedTwilioSignature(token, ACTION, body) }, body });

  it('is read once signed by either account: answered (with AnsweredBy) or a key pressed', () => {
    expect(parseConferenceCallback(signed(form), { first: TOKEN })).toEqual({ kind: 'answered', deliveryId: 's1.u1.f1:VOICE.1', callSid: 'CA1', answeredBy: 'human', account: 'first' });
    expect(parseConferenceCallback(signed({ ...form, Digits: '1' }, FAILOVER), { first: TOKEN, failover: FAILOVER })).toMatchObject({ kind: 'pressed', digits: '1', account: 'failover' });
  });

  it('is refused unsigned, signed by another token or changed after signing, and invalid without a call', () => {
    expect(parseConferenceCallback({ url: ACTION, headers: {}, body: form }, { first: TOKEN }).kind).toBe('forbidden');
    expect(parseConferenceCallback(signed(form, 'other'), { first: TOKEN }).kind).toBe('forbidden');
    expect(parseConferenceCallback({ ...signed(form), body: { ...form, Digits: '1' } }, { first: TOKEN }).kind).toBe('forbidden');
    expect(parseConferenceCallback(signed({ CallStatus: 'in-progress' }), { first: TOKEN }).kind).toBe('invalid');
  });
});

describe('a post to a bridge’s recording address', () => {
  const TOKEN = 'token-1';
  const SID = `RE${'a'.repeat(32)}`;
  const form = { RecordingSid: SID, RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/${SID}`, RecordingStatus: 'completed', RecordingDuration: '61', ConferenceSid: 'CF1' };
  const signed = (body: Record<string, string>, token = TOKEN) => ({ url: RECORDING, headers: { 'X-Twilio-Signature': twilio.getExpectedTwilioSignature(token, RECORDING, body) }, body });

  it('reads a completed recording, and passes over any other status', () => {
    expect(parseRecordingCallback(signed(form), { first: TOKEN })).toEqual({ kind: 'completed', recordingSid: SID, recordingUrl: form.RecordingUrl, durationSeconds: 61, account: 'first' });
    expect(parseRecordingCallback(signed({ ...form, RecordingDuration: 'long' }), { first: TOKEN })).toMatchObject({ durationSeconds: null });
    expect(parseRecordingCallback(signed({ ...form, RecordingStatus: 'in-progress' }), { first: TOKEN })).toEqual({ kind: 'other', status: 'in-progress' });
  });

  it('is refused unsigned or changed after signing, and invalid without a recording id of Twilio’s shape or an address', () => {
    expect(parseRecordingCallback({ url: RECORDING, headers: {}, body: form }, { first: TOKEN }).kind).toBe('forbidden');
    expect(parseRecordingCallback({ ...signed(form), body: { ...form, RecordingUrl: 'http://169.254.169.254/' } }, { first: TOKEN }).kind).toBe('forbidden');
    expect(parseRecordingCallback(signed({ ...form, RecordingSid: '../../etc' }), { first: TOKEN }).kind).toBe('invalid');
    const { RecordingUrl: _url, ...withoutUrl } = form;
    expect(parseRecordingCallback(signed(withoutUrl), { first: TOKEN }).kind).toBe('invalid');
  });
});
