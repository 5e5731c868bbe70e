import {
  CHANNEL_OF_DISPATCH_TYPE,
  EMPTY_RECIPIENTS,
  RESET_TRIGGER_TIME,
  newScenarioDraft,
  type MessageChannel,
  type RecipientCriterion,
  type RecipientType,
  type ScenarioDevice,
  type ScenarioDraft,
} from './scenario-draft';

/**
 * The message draft's transitions (spec part 2 §4 "Message draft"), shared by the console's builder
 * and the server, which applies `withActiveChannelsOnly` to every draft it saves so that what an
 * inactive channel leaves behind is never kept.
 */

/** Reset defaults: type broadcast, dashboard invocation, test mode on, no recipients, auto-retry off (2 minutes), all devices. */
export function resetScenarioDraft(draft: ScenarioDraft, defaults: { readonly ttsVoice: string; readonly language: string }): ScenarioDraft {
  return { ...newScenarioDraft(defaults), scenario_name: draft.scenario_name, trigger_time: RESET_TRIGGER_TIME };
}

/** Test mode on makes a test message; turning it off clears the subset flag. */
export function withTestMode(draft: ScenarioDraft, testMode: boolean): ScenarioDraft {
  return { ...draft, is_real: !testMode, is_subset_scenario: testMode ? draft.is_subset_scenario : false };
}

/** The channels the chosen devices send over. */
export function activeChannels(devices: readonly Pick<ScenarioDevice, 'dispatch_type'>[]): ReadonlySet<MessageChannel> {
  return new Set(devices.map((device) => CHANNEL_OF_DISPATCH_TYPE[device.dispatch_type]));
}

/**
 * What an inactive channel leaves behind is cleared: without SMS its links, SMS attachments and the
 * two-way link; without email its links and attachments; without either channel's links the shared
 * attachments; without voice the answering-machine text and the voice content. The subject line goes
 * with the email channel too (it shows only with an email device, §5). The SMS text stays while it is
 * the one text of every channel (global_message) and some channel is active: the others send it.
 */
export function withActiveChannelsOnly(draft: ScenarioDraft): ScenarioDraft {
  const active = activeChannels(draft.devices);
  const smsTextIsGlobal = draft.global_message && active.size > 0;
  let next = draft;
  if (!active.has('sms')) {
    next = {
      ...next,
      message: { ...next.message, sms: smsTextIsGlobal ? next.message.sms : '' },
      include_links: { ...next.include_links, sms: false },
      attachments: { ...next.attachments, sms: [] },
      sms_two_way_link: false,
    };
  }
  if (!active.has('email')) {
    next = {
      ...next,
      message: { ...next.message, email: '' },
      email_subject_line: '',
      include_links: { ...next.include_links, email: false },
      attachments: { ...next.attachments, email: [] },
    };
  }
  const linksOn = next.include_links.sms || next.include_links.email;
  if (!linksOn || (!active.has('sms') && !active.has('email'))) {
    next = { ...next, attachments: { ...next.attachments, shared: [] } };
  }
  if (!active.has('voice')) {
    next = { ...next, message_text: '', message: { ...next.message, voice: '' } };
  }
  return sameDraft(next, draft) ? draft : next;
}

/** Choosing devices recomputes the active channels and clears what the channels left inactive held. */
export function withDevices(draft: ScenarioDraft, devices: readonly ScenarioDevice[]): ScenarioDraft {
  const positioned = devices.map((device, index) => ({ ...device, position: index + 1 }));
  return withActiveChannelsOnly({ ...draft, devices: positioned });
}

/** A criterion whose type changes starts with no values. */
export function withRecipientType(criterion: RecipientCriterion, recipientType: RecipientType): RecipientCriterion {
  return recipientType === criterion.recipient_type ? criterion : { recipient_type: recipientType, recipient_value: [] };
}

export function withoutRecipients(draft: ScenarioDraft): ScenarioDraft {
  return { ...draft, recipients: EMPTY_RECIPIENTS };
}

function sameDraft(a: ScenarioDraft, b: ScenarioDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
