import { describe, expect, it } from '@jest/globals';
import { newScenarioDraft, type ScenarioDraft } from '../message/scenario-draft';
import { previewMessage, SAMPLE_RESPONSE_URL } from '../message/message-preview';
import { outgoingContent, withResponseLink } from './outgoing-message';
import { carriesTwoWayLink, RESPONSE_TOKEN, responseAnswerOf, responseClosesAt, responsePageOf, responseUrlOf, TWO_WAY_LINK_PERMISSION } from './two-way-link';

const allowed = [TWO_WAY_LINK_PERMISSION];

describe('the two-way SMS link', () => {
  describe('when a text carries it', () => {
    it.each([
      ['the group allows it and the message asks for it', { sms_two_way_link: true }, { two_way_sms: true }, allowed, true],
      ['the group forces it, whatever the message', { sms_two_way_link: false }, { force_two_way_sms: true }, allowed, true],
      ['the message asks for it but the group does not allow it', { sms_two_way_link: true }, { two_way_sms: false }, allowed, false],
      ['the group allows it but the message does not ask', { sms_two_way_link: false }, { two_way_sms: true }, allowed, false],
      ['the group forces it without the root permission', { sms_two_way_link: true }, { force_two_way_sms: true }, [], false],
    ])('%s: %s', (_case, scenario, settings, permissions, carries) => {
      expect(carriesTwoWayLink(scenario, settings, permissions)).toBe(carries);
    });
  });

  describe('the text sent', () => {
    const draft: ScenarioDraft = {
      ...newScenarioDraft({ ttsVoice: 'Joanna', language: 'en' }),
      scenario_name: 'Flood',
      sms_two_way_link: true,
      message: { sms: 'Are you safe? “Reply” now', email: 'Are you safe?', voice: 'Are you safe?' },
      polling_options: [{ option_digit: '1', option_text: 'Yes' }],
    };
    const settings = { opening_text: 'Riverside:', closing_text: 'Reply STOP to opt out', two_way_sms: true };

    it('puts each delivery its own address where the preview shows the sample one, the rest normalised as the preview counts it', () => {
      const content = outgoingContent('SMS', draft, settings, allowed);
      const url = responseUrlOf('https://beacon.example/', 'A'.repeat(22));
      expect(url).toBe(`https://beacon.example/ui/r/${'A'.repeat(22)}`);
      const preview = previewMessage('sms', { text: draft.message.sms, scenario: draft, settings, rootPermissions: allowed }).text;
      expect(withResponseLink(content, url)).toBe(preview.replace(SAMPLE_RESPONSE_URL, url));
      expect(withResponseLink(content, url)).toBe(`Riverside:\nAre you safe? "Reply" now\n1 - Yes\nRespond here: ${url}\nReply STOP to opt out`);
    });

    it('has no link where the text does not carry it, nor on other channels', () => {
      expect(outgoingContent('SMS', draft, { ...settings, two_way_sms: false }, allowed).responseLinkAt).toBeUndefined();
      expect(outgoingContent('EMAIL', draft, settings, allowed).responseLinkAt).toBeUndefined();
      const plain = outgoingContent('SMS', draft, { two_way_sms: false }, allowed);
      expect(withResponseLink(plain, 'https://x')).toBe(plain.text);
    });

    it('with no closing text, ends with the link', () => {
      const content = outgoingContent('SMS', draft, { two_way_sms: true }, allowed);
      expect(withResponseLink(content, 'https://b/r/t')).toBe('Are you safe? "Reply" now\n1 - Yes\nRespond here: https://b/r/t');
    });
  });

  it('a token is 22 base64url characters', () => {
    expect(RESPONSE_TOKEN.test('abcdefghijklmnopqrstu_')).toBe(true);
    expect(RESPONSE_TOKEN.test('abcdefghijklmnopqrstu=')).toBe(false);
    expect(RESPONSE_TOKEN.test('short')).toBe(false);
  });

  it('the page takes answers for the polling timeout after the send, or the message timeout when there is none', () => {
    const sent = '2026-11-26T10:00:00.000Z';
    expect(responseClosesAt(sent, 900, 1800)).toBe(Date.parse(sent) + 900_000);
    expect(responseClosesAt(sent, 0, 1800)).toBe(Date.parse(sent) + 1_800_000);
    expect(responseClosesAt(sent, undefined, 60)).toBe(Date.parse(sent) + 60_000);
  });
});

describe('the response page', () => {
  const facts = {
    scenario: { message: { sms: 'Are you safe?' }, polling_options: [{ option_digit: '1', option_text: 'Yes' }, { option_digit: '2', option_text: 'No' }], polling_timeout: 0 },
    timeoutSeconds: 1800,
    sentAt: '2026-11-26T10:00:00.000Z',
    answer: null,
  };

  it('shows the message, its choices and when it closes', () => {
    expect(responsePageOf(facts)).toEqual({ message: 'Are you safe?', choices: [{ digit: '1', text: 'Yes' }, { digit: '2', text: 'No' }], closesAt: Date.parse(facts.sentAt) + 1_800_000, answer: null });
  });

  it('records a choice as its text with its digit, and refuses a digit that is no choice or free words', () => {
    const page = responsePageOf(facts);
    expect(responseAnswerOf(page, { digit: '2' })).toEqual({ reply: 'No', replyDigit: '2' });
    expect(() => responseAnswerOf(page, { digit: '3' })).toThrow('Choose one of the answers.');
    expect(() => responseAnswerOf(page, { text: 'Yes' })).toThrow('Choose one of the answers.');
  });

  it('without choices, records the words trimmed, not blank, at most 500 characters', () => {
    const page = responsePageOf({ ...facts, scenario: { message: { sms: 'Where are you?' } } });
    expect(responseAnswerOf(page, { text: '  At home ' })).toEqual({ reply: 'At home' });
    expect(() => responseAnswerOf(page, { text: '   ' })).toThrow('Write your answer.');
    expect(() => responseAnswerOf(page, { text: 'x'.repeat(501) })).toThrow('at most 500');
  });
});
