import { describe, expect, it } from '@jest/globals';
import { asPollingAnswer, pollingChoiceOf, pollingChoices, pollingLine, spokenPollingLine } from './polling';

const choices = pollingChoices([
  { option_digit: '1', option_text: ' I am safe ' },
  { option_digit: '2', option_text: '' },
  { option_digit: '', option_text: 'No digit' },
  { option_digit: 3, option_text: 'I need help.' },
]);

describe('polling choices', () => {
  it('keeps only the options with both a digit and a text, trimmed, in order', () => {
    expect(choices).toEqual([
      { digit: '1', text: 'I am safe' },
      { digit: '3', text: 'I need help.' },
    ]);
    expect(pollingChoices(undefined)).toEqual([]);
  });

  it('shows a choice as "1 - I am safe" in a text, and speaks it as "Press 1 for I am safe." on a call', () => {
    expect(choices.map(pollingLine)).toEqual(['1 - I am safe', '3 - I need help.']);
    expect(choices.map(spokenPollingLine)).toEqual(['Press 1 for I am safe.', 'Press 3 for I need help.']);
  });

  it.each(['1', ' 1 ', '1.', '1)', '#1', '1!', '\t1\n'])('reads the reply %j as the choice of digit 1', (reply) => {
    expect(pollingChoiceOf(reply, choices)).toEqual({ digit: '1', text: 'I am safe' });
  });

  it.each(['2', '11', '1 more minute', 'one', '', '１', 'I am safe'])('reads the reply %j as no choice (a free answer)', (reply) => {
    expect(pollingChoiceOf(reply, choices)).toBeUndefined();
  });
});

describe('a reply as recorded', () => {
  it('takes the text of the choice it names, keeping the digit; any other reply stays as written', () => {
    expect(asPollingAnswer({ deliveryId: 'd', reply: ' 3. ' }, choices)).toEqual({ deliveryId: 'd', reply: 'I need help.', replyDigit: '3' });
    expect(asPollingAnswer({ deliveryId: 'd', reply: 'On my way' }, choices)).toEqual({ deliveryId: 'd', reply: 'On my way' });
    expect(asPollingAnswer({ deliveryId: 'd', reply: '1' }, [])).toEqual({ deliveryId: 'd', reply: '1' });
  });
});
