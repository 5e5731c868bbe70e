import { describe, expect, it } from '@jest/globals';
import {
  CHANNEL_OF_DISPATCH_TYPE,
  DEFAULT_AUTO_RETRY_MINUTES,
  DEFAULT_TRIGGER_TIME,
  EMPTY_RECIPIENTS,
  SCENARIO_ERROR_KEYS,
  SCENARIO_SECTION_NAMES,
  SCENARIO_SECTIONS,
  deviceId,
  newScenarioDraft,
} from './scenario-draft';

/** Spec part 2 §3 (the draft's fields), §2 (the builder's tabs and their error keys), §4 and §9 (a new draft). */

const fresh = newScenarioDraft({ ttsVoice: 'Emma', language: 'cy-GB' });

describe("the builder's tabs", () => {
  it('given every field of a draft, then each belongs to exactly one tab, so a change to it is recorded', () => {
    const inTabs = Object.values(SCENARIO_SECTIONS).flat() as string[];
    expect(new Set(inTabs).size).toBe(inTabs.length);
    expect([...inTabs].sort()).toEqual(Object.keys(fresh).sort());
  });

  it('given the tabs, then they are in the builder order, each with its error keys, no key on two tabs', () => {
    expect(SCENARIO_SECTION_NAMES).toEqual(['settings', 'recipients', 'devices', 'sequence', 'content', 'noticeboard', 'trigger', 'finish']);
    expect(Object.keys(SCENARIO_ERROR_KEYS)).toEqual(SCENARIO_SECTION_NAMES);
    const keys = Object.values(SCENARIO_ERROR_KEYS).flat();
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a new draft (§4 reset defaults, §9)', () => {
  it("given a group's language and voice, when a draft starts, then it is a broadcast test message invoked from the dashboard, speaking them", () => {
    expect(fresh).toMatchObject({
      scenario_type: 'broadcast',
      scenario_name: '',
      is_real: false,
      is_subset_scenario: false,
      is_dashboard: true,
      is_phone_invoke: false,
      is_incident_manager: false,
      is_email_invoke: false,
      selected_language: 'cy-GB',
      tts_voice: 'Emma',
      noticeboard: { use_noticeboard: false, language: 'cy-GB', default_noticeboard_message_voice: 'Emma' },
    });
  });

  it('given a new draft, then it has no recipients, all devices selected but none chosen, auto-retry off at 2 minutes and trigger_time 1', () => {
    expect(fresh.recipients).toEqual(EMPTY_RECIPIENTS);
    expect(EMPTY_RECIPIENTS).toMatchObject({ include: [], exclude: [], is_single_criteria: true, is_exclude_recipients: false });
    expect(fresh).toMatchObject({ select_all_devices: true, devices: [], auto_retry: false, auto_retry_minutes: 2, trigger_time: 1, triggered_scenario: null });
    expect(DEFAULT_AUTO_RETRY_MINUTES).toBe(2);
    expect(DEFAULT_TRIGGER_TIME).toBe(1);
  });

  it('given a new draft, then every channel is empty and off', () => {
    expect(fresh).toMatchObject({
      message: { sms: '', email: '', voice: '' },
      message_text: '',
      email_subject_line: '',
      sms_two_way_link: false,
      global_message: false,
      include_links: { sms: false, email: false, teams: false, slack: false },
      attachments: { sms: [], email: [], shared: [] },
      use_microsoft_teams: false,
      use_slack: false,
      use_pwa: false,
      polling_options: [],
      quick_report: { send_quick_report: false, recipients: [] },
    });
  });

  it('given two new drafts, then they share nothing that could be changed in place', () => {
    const other = newScenarioDraft({ ttsVoice: 'Emma', language: 'cy-GB' });
    expect(other).toEqual(fresh);
    expect(other.message).not.toBe(fresh.message);
    expect(other.attachments).not.toBe(fresh.attachments);
  });
});

describe('devices', () => {
  it("given a contact field and a dispatch type, then the device id is '<field id>:<dispatch type>' and its channel follows the type", () => {
    expect(deviceId('f1', 'VOICE')).toBe('f1:VOICE');
    expect(CHANNEL_OF_DISPATCH_TYPE).toEqual({ SMS: 'sms', VOICE: 'voice', EMAIL: 'email' });
  });
});
