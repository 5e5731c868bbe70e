import { describe, expect, it } from '@jest/globals';
import {
  PLACEHOLDER_MASK,
  SAMPLE_ATTACHMENT_URL,
  SAMPLE_RESPONSE_URL,
  maskPlaceholders,
  previewMessage,
  type PreviewChannel,
  type PreviewGroupSettings,
  type PreviewInput,
  type PreviewScenario,
} from './message-preview';
import { TWO_WAY_LINK_PERMISSION } from '../sending/two-way-link';

const realScenario: PreviewScenario = { scenario_name: 'Flood warning', is_real: true };
const noSettings: PreviewGroupSettings = {};

/** given(the scenario, the group's settings, the root permissions).when(previewing a text on a channel) → the preview. */
const given = (scenario: Partial<PreviewScenario> = {}, settings: PreviewGroupSettings = noSettings, rootPermissions: readonly string[] = []) => ({
  when: (channel: PreviewChannel, text: string) => {
    const input: PreviewInput = { text, scenario: { ...realScenario, ...scenario }, settings, rootPermissions };
    return previewMessage(channel, input);
  },
});

const framing: PreviewGroupSettings = { opening_text: 'Riverside Council:', closing_text: 'Reply STOP to opt out' };
const testHeaderOn: PreviewGroupSettings = { test_message_header: true };

describe('previewing a message (spec part 2 §5)', () => {
  describe('opening and closing texts', () => {
    it('given both set, when previewing an SMS, then the opening text comes first and the closing text last, a line each', () => {
      expect(given({}, framing).when('sms', 'Roads closed.').text).toBe('Riverside Council:\nRoads closed.\nReply STOP to opt out');
    });

    it('given neither set (or blank), when previewing an SMS, then it is the message alone', () => {
      expect(given({}, { opening_text: '  ', closing_text: null }).when('sms', 'Roads closed.').text).toBe('Roads closed.');
    });

    it('given only a closing text, when previewing an SMS, then only it is added', () => {
      expect(given({}, { closing_text: 'Thanks' }).when('sms', 'Roads closed.').text).toBe('Roads closed.\nThanks');
    });

    it.each(['email', 'voice', 'teams', 'slack', 'pwa'] as const)('given both set, when previewing %s, then they frame SMS only', (channel) => {
      expect(given({}, framing).when(channel, 'Roads closed.').text).toBe('Roads closed.');
    });
  });

  describe('the test message header', () => {
    it('given a test with the header on, when previewing an SMS, then the name in capitals and a colon come first', () => {
      expect(given({ is_real: false }, { ...framing, ...testHeaderOn }).when('sms', 'Drill.').text).toBe(
        'FLOOD WARNING: Riverside Council:\nDrill.\nReply STOP to opt out',
      );
    });

    it('given a test with the header off, when previewing an SMS, then there is no header', () => {
      expect(given({ is_real: false }, { test_message_header: false }).when('sms', 'Drill.').text).toBe('Drill.');
    });

    it('given a real message with the header on, when previewing an SMS, then there is no header', () => {
      expect(given({ is_real: true }, testHeaderOn).when('sms', 'Drill.').text).toBe('Drill.');
    });

    it('given a test to a subset with the root permission Allow Subset, when previewing an SMS, then the header names the subset', () => {
      expect(given({ is_real: false, is_subset_scenario: true }, testHeaderOn, ['SMS', 'Allow Subset']).when('sms', 'Drill.').text).toBe(
        'SUBSET FLOOD WARNING: Drill.',
      );
    });

    it('given a test to a subset without the permission, when previewing an SMS, then the header is the plain test header', () => {
      expect(given({ is_real: false, is_subset_scenario: true }, testHeaderOn, ['SMS']).when('sms', 'Drill.').text).toBe('FLOOD WARNING: Drill.');
    });

    it('given the permission but not a subset test, when previewing an SMS, then the header is the plain test header', () => {
      expect(given({ is_real: false, is_subset_scenario: false }, testHeaderOn, ['Allow Subset']).when('sms', 'Drill.').text).toBe(
        'FLOOD WARNING: Drill.',
      );
    });

    it('given a test with a blank name, when previewing an SMS, then there is no header (no lone colon)', () => {
      expect(given({ is_real: false, scenario_name: '  ' }, testHeaderOn).when('sms', 'Drill.').text).toBe('Drill.');
    });

    it('given a test with the header on, when previewing an email, then there is no header', () => {
      expect(given({ is_real: false }, testHeaderOn).when('email', 'Drill.').text).toBe('Drill.');
    });

    it('given a test with the header on, when counting the SMS, then the header counts', () => {
      const preview = given({ is_real: false }, testHeaderOn).when('sms', 'x'.repeat(150));
      expect(preview.sms?.length).toBe('FLOOD WARNING: '.length + 150);
      expect(preview.sms?.number_of_segments).toBe(2);
    });
  });

  describe('the SMS two-way link', () => {
    const allowed = [TWO_WAY_LINK_PERMISSION];
    const twoWay: PreviewGroupSettings = { ...framing, two_way_sms: true };

    it('given the group allows it, the permission and the message asks for it, when previewing an SMS, then it shows the sample response address before the closing text', () => {
      expect(given({ sms_two_way_link: true }, twoWay, allowed).when('sms', 'Are you safe?').text).toBe(
        `Riverside Council:\nAre you safe?\nRespond here: ${SAMPLE_RESPONSE_URL}\nReply STOP to opt out`,
      );
    });

    it('given the message asks for it but the group does not allow two-way SMS, when previewing an SMS, then there is no link (it would not be sent)', () => {
      expect(given({ sms_two_way_link: true }, framing, allowed).when('sms', 'Are you safe?').text).not.toContain('Respond here');
    });

    it('given the group forces it, when previewing an SMS of a message that does not ask for it, then the link is shown', () => {
      expect(given({}, { force_two_way_sms: true }, allowed).when('sms', 'Are you safe?').text).toBe(`Are you safe?\nRespond here: ${SAMPLE_RESPONSE_URL}`);
    });

    it('given no root permission, when previewing an SMS, then there is no link whatever the settings', () => {
      expect(given({ sms_two_way_link: true }, { two_way_sms: true, force_two_way_sms: true }).when('sms', 'Are you safe?').text).toBe('Are you safe?');
    });

    it('given the two-way link on, when previewing an email, then there is no link', () => {
      expect(given({ sms_two_way_link: true }, twoWay, allowed).when('email', 'Are you safe?').text).toBe('Are you safe?');
    });

    it('the sample address can never reach anyone', () => {
      expect(new URL(SAMPLE_RESPONSE_URL).hostname.endsWith('.invalid')).toBe(true);
    });
  });

  describe('polling options', () => {
    const polling = {
      polling_options: [
        { option_digit: '1', option_text: 'Yes' },
        { option_digit: '2', option_text: '' },
        { option_digit: '', option_text: 'Maybe' },
        { option_digit: null, option_text: 'Later' },
        { option_digit: 3, option_text: 'No' },
      ],
    };

    it('given options with and without a digit or a text, when previewing an SMS, then only those with both show, "digit - text" a line', () => {
      expect(given(polling).when('sms', 'Are you safe?').text).toBe('Are you safe?\n1 - Yes\n3 - No');
    });

    it('given options, when previewing an email, then they show too', () => {
      expect(given(polling).when('email', 'Are you safe?').text).toBe('Are you safe?\n1 - Yes\n3 - No');
    });

    it('given options, when previewing a call, then it says which key to press for each', () => {
      expect(given(polling).when('voice', 'Are you safe?').text).toBe('Are you safe?\nPress 1 for Yes.\nPress 3 for No.');
    });

    it.each(['teams', 'slack', 'pwa'] as const)('given options, when previewing %s (no answers there), then they do not show', (channel) => {
      expect(given(polling).when(channel, 'Are you safe?').text).toBe('Are you safe?');
    });
  });

  describe('attachment links', () => {
    const attachments = { sms: [{ attachment_name: 'map.png' }], email: [{ attachment_name: 'plan.pdf' }], shared: [{ attachment_name: 'notice.pdf' }] };

    it('given SMS links on, when previewing an SMS, then its own and the shared files are linked', () => {
      expect(given({ attachments, include_links: { sms: true } }).when('sms', 'See:').text).toBe(
        `See:\nmap.png: ${SAMPLE_ATTACHMENT_URL}\nnotice.pdf: ${SAMPLE_ATTACHMENT_URL}`,
      );
    });

    it('given SMS links off, when previewing an SMS, then no file is linked', () => {
      expect(given({ attachments, include_links: { sms: false, email: true } }).when('sms', 'See:').text).toBe('See:');
    });

    it('given email links on, when previewing an email, then its own and the shared files are linked', () => {
      expect(given({ attachments, include_links: { email: true } }).when('email', 'See:').text).toBe(
        `See:\nplan.pdf: ${SAMPLE_ATTACHMENT_URL}\nnotice.pdf: ${SAMPLE_ATTACHMENT_URL}`,
      );
    });

    it('given Teams links on, when previewing Teams, then the shared files are linked', () => {
      expect(given({ attachments, include_links: { teams: true } }).when('teams', 'See:').text).toBe(`See:\nnotice.pdf: ${SAMPLE_ATTACHMENT_URL}`);
    });
  });

  describe('placeholders', () => {
    it('given merge fields in the text, when previewing, then each shows as 10 asterisks', () => {
      expect(given().when('email', 'Dear #first_name# #last_name#,').text).toBe(`Dear ${PLACEHOLDER_MASK} ${PLACEHOLDER_MASK},`);
    });

    it('given a placeholder in the opening text, when previewing an SMS, then it is masked too', () => {
      expect(given({}, { opening_text: 'Hi #first_name#' }).when('sms', 'Drill.').text).toBe(`Hi ${PLACEHOLDER_MASK}\nDrill.`);
    });

    it('given a # in the opening text and one in the message, when previewing an SMS, then they do not pair across parts', () => {
      expect(given({}, { opening_text: 'Call #1' }).when('sms', 'Room 2#').text).toBe('Call #1\nRoom 2#');
    });
  });

  describe('the SMS part count', () => {
    it('given an SMS, when previewing, then the count is that of the text shown', () => {
      const preview = given({}, framing).when('sms', 'Roads closed.');
      expect(preview.sms).toMatchObject({ encoding: 'GSM-7', length: preview.text.length, number_of_segments: 1, threshold: 765 });
    });

    it('given typographic quotes, when previewing an SMS, then the text shown is normalised as it is sent', () => {
      const preview = given().when('sms', 'It’s “closed”…');
      expect(preview.text).toBe('It\'s "closed"...');
      expect(preview.sms?.encoding).toBe('GSM-7');
    });

    it('given a placeholder, when counting, then the mask counts (10 characters)', () => {
      expect(given().when('sms', '#first_name#').sms?.length).toBe(10);
    });

    it.each(['email', 'voice', 'teams', 'slack', 'pwa'] as const)('given %s, when previewing, then there is no SMS count', (channel) => {
      expect(given().when(channel, 'It’s closed.')).toEqual({ channel, text: 'It’s closed.' });
    });
  });
});

describe('masking placeholders', () => {
  it.each([
    ['#name#', PLACEHOLDER_MASK],
    ['Hello #first_name#!', `Hello ${PLACEHOLDER_MASK}!`],
    ['#a##b#', `${PLACEHOLDER_MASK}${PLACEHOLDER_MASK}`],
    ['#a#b#', `${PLACEHOLDER_MASK}b#`],
    ['Call #1 now', 'Call #1 now'],
    ['##', '##'],
    ['a ## b', 'a ## b'],
    ['##name#', `#${PLACEHOLDER_MASK}`],
    ['#', '#'],
    ['', ''],
    ['#first\nname#', '#first\nname#'],
    ['#first\r\n#name#', `#first\r\n${PLACEHOLDER_MASK}`],
    ['#名前#', PLACEHOLDER_MASK],
  ])('%j → %j', (text, masked) => {
    expect(maskPlaceholders(text)).toBe(masked);
  });

  it('takes another mask', () => {
    expect(maskPlaceholders('Hi #name#', '[name]')).toBe('Hi [name]');
  });

  // How fast is a bench figure (`npm run bench`, section 3h: at most 500 ms each), not a timed test.
  it('masks a megabyte of placeholders', () => {
    const text = '#a# '.repeat(256 * 1024);
    const masked = maskPlaceholders(text);
    expect(masked.length).toBe(256 * 1024 * (PLACEHOLDER_MASK.length + 1));
  });

  it('passes over a megabyte of unpaired hash marks on separate lines', () => {
    const text = '#\n'.repeat(512 * 1024);
    expect(maskPlaceholders(text)).toBe(text);
  });
});
