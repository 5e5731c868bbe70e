import { describe, expect, it } from '@jest/globals';
import twilio from 'twilio';
import type { ConferenceCall } from '@beacon/domain';
import { parseConferenceCallback } from './conference-callback';
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

  it('joins the session’s bridge on 1, ends the call on 2, and asks again on any other key', () => {
    expect(conferenceChoiceTwiml(call, '1', ACTION)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Connecting you to the conference now.</Say>' +
        '<Dial><Conference startConferenceOnEnter="true" endConferenceOnExit="false" beep="true">beacon-conference-0123456789abcdef0123456789abcdef</Conference></Dial></Response>',
    );
    expect(conferenceChoiceTwiml(call, '2', ACTION)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Say>You have declined the conference. Goodbye.</Say><Hangup/></Response>');
    expect(conferenceChoiceTwiml(call, '7', ACTION)).toMatch(/^<\?xml[^>]*><Response><Gather [^>]*><Say>That is not one of the choices\.<\/Say><Say>Press 1/);
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
