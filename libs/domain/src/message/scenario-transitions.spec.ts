import { describe, expect, it } from '@jest/globals';
import type { DispatchType } from '../field/field-types';
import {
  DEFAULT_AUTO_RETRY_MINUTES,
  DEFAULT_TRIGGER_TIME,
  EMPTY_RECIPIENTS,
  RESET_TRIGGER_TIME,
  deviceId,
  newScenarioDraft,
  type RecipientCriterion,
  type ScenarioAttachment,
  type ScenarioDevice,
  type ScenarioDraft,
} from './scenario-draft';
import { activeChannels, resetScenarioDraft, withActiveChannelsOnly, withDevices, withRecipientType, withTestMode, withoutRecipients } from './scenario-transitions';
import { DEFAULT_TTS_VOICE, ttsVoiceFor } from './voices';

/** Spec part 2 §4 "Message draft": how the builder's choices change the rest of the draft. */

const groupDefaults = { ttsVoice: 'Emma', language: 'en-GB' };

const device = (fieldId: string, dispatch_type: DispatchType, position = 1): ScenarioDevice => ({
  dispatch_type,
  id: deviceId(fieldId, dispatch_type),
  label: `Mobile (${dispatch_type})`,
  field_label: 'Mobile',
  field_id: fieldId,
  heading: dispatch_type,
  position,
});
const sms = device('f1', 'SMS');
const voice = device('f1', 'VOICE');
const email = device('f2', 'EMAIL');

const attachment = (id: string): ScenarioAttachment => ({
  attachment_name: `${id}.pdf`,
  id,
  customer_group: 'g1',
  attachment_key: `media/${id}.pdf`,
  attachment_source: 'media_library',
  attachment_size: 1024,
});

/** A message that uses every channel and holds something of each: what an inactive channel must give up. */
const everything: ScenarioDraft = {
  ...newScenarioDraft(groupDefaults),
  scenario_name: 'Fire drill',
  devices: [sms, voice, email],
  email_subject_line: 'Fire drill',
  message: { sms: 'Leave by the stairs', email: 'Leave by the stairs, not the lift.', voice: 'Please leave the building.' },
  message_text: 'This is a fire drill; call back on 0100.',
  sms_two_way_link: true,
  include_links: { sms: true, email: true, teams: true, slack: true },
  attachments: { sms: [attachment('a1')], email: [attachment('a2')], shared: [attachment('a3')] },
};

const using = (devices: readonly ScenarioDevice[], changes: Partial<ScenarioDraft> = {}): ScenarioDraft =>
  withActiveChannelsOnly({ ...everything, ...changes, devices });

describe('resetting a message draft', () => {
  const edited: ScenarioDraft = {
    ...everything,
    scenario_type: 'sequence',
    is_real: true,
    is_dashboard: false,
    is_phone_invoke: true,
    recipients: { ...EMPTY_RECIPIENTS, include: [{ recipient_type: 'user', recipient_value: ['u1'] }] },
    auto_retry: true,
    auto_retry_minutes: 15,
    select_all_devices: false,
    trigger_time: 30,
  };

  it('given an edited draft, when it is reset, then it takes the defaults of §4 and §9', () => {
    const reset = resetScenarioDraft(edited, groupDefaults);
    expect(reset).toMatchObject({
      scenario_type: 'broadcast',
      is_dashboard: true,
      is_phone_invoke: false,
      is_incident_manager: false,
      is_email_invoke: false,
      is_real: false,
      recipients: EMPTY_RECIPIENTS,
      auto_retry: false,
      auto_retry_minutes: DEFAULT_AUTO_RETRY_MINUTES,
      select_all_devices: true,
      devices: [],
    });
    expect(reset.auto_retry_minutes).toBe(2);
    expect(reset.recipients.include).toEqual([]);
    expect(reset.recipients.exclude).toEqual([]);
  });

  it('given a new draft has trigger_time 1, when a draft is reset, then its trigger_time is 0 (§9)', () => {
    expect(newScenarioDraft(groupDefaults).trigger_time).toBe(DEFAULT_TRIGGER_TIME);
    expect(DEFAULT_TRIGGER_TIME).toBe(1);
    expect(resetScenarioDraft(edited, groupDefaults).trigger_time).toBe(RESET_TRIGGER_TIME);
    expect(RESET_TRIGGER_TIME).toBe(0);
  });

  it("given an edited draft, when it is reset, then it keeps its name and takes the group's language and voice", () => {
    const reset = resetScenarioDraft({ ...edited, selected_language: 'fr-FR', tts_voice: 'Lea' }, groupDefaults);
    expect(reset.scenario_name).toBe('Fire drill');
    expect(reset).toMatchObject({ selected_language: 'en-GB', tts_voice: 'Emma' });
  });

  it('given an edited draft, when it is reset, then every other field is as on a new draft', () => {
    const { trigger_time: _reset, scenario_name: _kept, ...rest } = resetScenarioDraft(edited, groupDefaults);
    const { trigger_time: _new, scenario_name: _blank, ...fresh } = newScenarioDraft(groupDefaults);
    expect(rest).toEqual(fresh);
  });
});

describe('test mode', () => {
  const subsetTest: ScenarioDraft = { ...newScenarioDraft(groupDefaults), is_real: false, is_subset_scenario: true };

  it('given a subset test message, when test mode is turned off, then it is a real message and no longer a subset', () => {
    expect(withTestMode(subsetTest, false)).toMatchObject({ is_real: true, is_subset_scenario: false });
  });

  it('given a subset test message, when test mode is turned on (again), then it stays a subset', () => {
    expect(withTestMode(subsetTest, true)).toMatchObject({ is_real: false, is_subset_scenario: true });
  });

  it('given a real message, when test mode is turned on, then it is a test message with its subset flag unchanged', () => {
    const real: ScenarioDraft = { ...newScenarioDraft(groupDefaults), is_real: true };
    expect(withTestMode(real, true)).toMatchObject({ is_real: false, is_subset_scenario: false });
  });

  it('given a test message, when test mode is turned off, then nothing but the two flags changes', () => {
    expect(withTestMode(subsetTest, false)).toEqual({ ...subsetTest, is_real: true, is_subset_scenario: false });
  });
});

describe('active channels', () => {
  it.each([
    [[], []],
    [[sms], ['sms']],
    [[voice], ['voice']],
    [[email], ['email']],
    [[sms, voice], ['sms', 'voice']],
    [[sms, device('f3', 'SMS'), email], ['sms', 'email']],
    [[sms, voice, email], ['sms', 'voice', 'email']],
  ])('given devices %j, then the active channels are %j', (devices, channels) => {
    expect([...activeChannels(devices)].sort()).toEqual([...channels].sort());
  });
});

describe('choosing devices', () => {
  it('given a draft with every channel, when SMS devices are no longer chosen, then SMS links, SMS attachments, the two-way link and the SMS text are cleared', () => {
    const next = withDevices(everything, [voice, email]);
    expect(next.include_links.sms).toBe(false);
    expect(next.attachments.sms).toEqual([]);
    expect(next.sms_two_way_link).toBe(false);
    expect(next.message.sms).toBe('');
  });

  it('given a draft with every channel, when the email device is no longer chosen, then email links, email attachments, the subject and the email text are cleared', () => {
    const next = withDevices(everything, [sms, voice]);
    expect(next.include_links.email).toBe(false);
    expect(next.attachments.email).toEqual([]);
    expect(next.email_subject_line).toBe('');
    expect(next.message.email).toBe('');
  });

  it('given a draft with every channel, when the voice device is no longer chosen, then the answering-machine text and the voice text are cleared', () => {
    const next = withDevices(everything, [sms, email]);
    expect(next.message_text).toBe('');
    expect(next.message.voice).toBe('');
  });

  it('given a draft with every channel, when a channel is dropped, then what the other channels hold is kept', () => {
    expect(withDevices(everything, [voice, email])).toMatchObject({
      email_subject_line: everything.email_subject_line,
      message: { email: everything.message.email, voice: everything.message.voice },
      message_text: everything.message_text,
      include_links: { email: true, teams: true, slack: true },
      attachments: { email: everything.attachments.email, shared: everything.attachments.shared },
    });
    expect(withDevices(everything, [sms, voice])).toMatchObject({
      message: { sms: everything.message.sms, voice: everything.message.voice },
      sms_two_way_link: true,
      include_links: { sms: true, teams: true, slack: true },
      attachments: { sms: everything.attachments.sms, shared: everything.attachments.shared },
    });
  });

  it('given every channel still chosen, when the draft is cleaned, then it is the same draft', () => {
    expect(withActiveChannelsOnly(everything)).toBe(everything);
  });

  it('given no device, when the draft is cleaned, then every channel gives up what it held, and Teams and Slack links stay', () => {
    const next = using([]);
    expect(next).toMatchObject({
      message: { sms: '', email: '', voice: '' },
      message_text: '',
      email_subject_line: '',
      sms_two_way_link: false,
      include_links: { sms: false, email: false, teams: true, slack: true },
      attachments: { sms: [], email: [], shared: [] },
    });
  });

  it('given one text for every channel (global message), when SMS devices are no longer chosen, then the text is kept for the other channels', () => {
    const next = withDevices({ ...everything, global_message: true }, [voice, email]);
    expect(next.message.sms).toBe(everything.message.sms);
    expect(next).toMatchObject({ sms_two_way_link: false, include_links: { sms: false }, attachments: { sms: [] } });
  });

  it('given one text for every channel (global message), when no device is chosen, then the text is cleared too', () => {
    expect(withDevices({ ...everything, global_message: true }, []).message.sms).toBe('');
  });

  describe('shared attachments', () => {
    it.each([
      ['SMS and email active, both links on', [sms, email], { sms: true, email: true }],
      ['SMS and email active, SMS links only', [sms, email], { sms: true, email: false }],
      ['SMS and email active, email links only', [sms, email], { sms: false, email: true }],
      ['SMS only, its links on', [sms], { sms: true, email: true }],
      ['email only, its links on', [email], { sms: true, email: true }],
    ])('given %s, when the draft is cleaned, then they are kept', (_case, devices, links) => {
      expect(using(devices, { include_links: { ...everything.include_links, ...links } }).attachments.shared).toEqual(everything.attachments.shared);
    });

    it.each([
      ['SMS and email active, neither links on', [sms, email], { sms: false, email: false }],
      ['SMS only, its links off (email links on but email inactive)', [sms], { sms: false, email: true }],
      ['email only, its links off (SMS links on but SMS inactive)', [email], { sms: true, email: false }],
      ['neither SMS nor email active', [voice], { sms: true, email: true }],
      ['no device at all', [], { sms: true, email: true }],
    ])('given %s, when the draft is cleaned, then they are cleared', (_case, devices, links) => {
      expect(using(devices, { include_links: { ...everything.include_links, ...links } }).attachments.shared).toEqual([]);
    });
  });

  it('given devices in any order, when they are chosen, then they are numbered 1, 2, 3 in that order', () => {
    const chosen = withDevices(everything, [{ ...email, position: 7 }, { ...sms, position: 1 }, { ...voice, position: 1 }]);
    expect(chosen.devices.map(({ id, position }) => [id, position])).toEqual([
      ['f2:EMAIL', 1],
      ['f1:SMS', 2],
      ['f1:VOICE', 3],
    ]);
  });

  it('given chosen devices, when they are chosen, then only their positions change', () => {
    const [chosen] = withDevices(everything, [{ ...sms, position: 9 }]).devices;
    expect(chosen).toEqual({ ...sms, position: 1 });
  });
});

describe('recipient criteria', () => {
  const users: RecipientCriterion = { recipient_type: 'user', recipient_value: ['u1', 'u2'] };

  it.each(['everyone', 'group', 'on_call', 'select', 'multiselect', 'telephony_id', 'telephony_pin'] as const)(
    'given a criterion of individuals, when its type becomes %s, then its values are cleared',
    (recipientType) => {
      expect(withRecipientType(users, recipientType)).toEqual({ recipient_type: recipientType, recipient_value: [] });
    },
  );

  it('given a criterion of individuals, when individuals is chosen again, then its values are kept', () => {
    expect(withRecipientType(users, 'user')).toBe(users);
  });

  it('given a draft with recipients, when they are cleared, then it has none and the default combination flags', () => {
    const chosen: ScenarioDraft = {
      ...everything,
      recipients: { ...EMPTY_RECIPIENTS, include: [users], is_exclude_recipients: true, exclude: [users], is_single_criteria: false },
    };
    expect(withoutRecipients(chosen).recipients).toEqual(EMPTY_RECIPIENTS);
  });
});

describe('the voice a message speaks with (§4, §9)', () => {
  it('given a selected voice, when a draft starts, then it speaks with that voice', () => {
    expect(newScenarioDraft({ language: 'en-GB', ttsVoice: ttsVoiceFor('Brian', 'Emma') }).tts_voice).toBe('Brian');
  });

  it("given no selected voice, when a draft starts, then it speaks with the group's default", () => {
    expect(newScenarioDraft({ language: 'en-GB', ttsVoice: ttsVoiceFor(undefined, 'Emma') }).tts_voice).toBe('Emma');
  });

  it('given neither, when a draft starts or is reset, then it speaks with Amy, and so does its noticeboard message', () => {
    const defaults = { language: 'en-GB', ttsVoice: ttsVoiceFor(null, null) };
    expect(DEFAULT_TTS_VOICE).toBe('Amy');
    expect(newScenarioDraft(defaults)).toMatchObject({ tts_voice: 'Amy', noticeboard: { default_noticeboard_message_voice: 'Amy', language: 'en-GB' } });
    expect(resetScenarioDraft(everything, defaults).tts_voice).toBe('Amy');
  });
});
