import { deviceId, type ActiveContactField, type DispatchType, type ScenarioDevice, type ScenarioDraft } from '@beacon/domain';

type Fields = ReadonlyMap<string, ActiveContactField>;

const device = (fields: Fields, label: string, dispatchType: DispatchType, position: number): ScenarioDevice => {
  const field = fields.get(label)!;
  const channel = { SMS: 'SMS', VOICE: 'Voice Call', EMAIL: 'Email' }[dispatchType];
  return { dispatch_type: dispatchType, id: deviceId(field.fieldId, dispatchType), label: channel, field_label: label, field_id: field.fieldId, heading: `${label} (${channel})`, position };
};

const optionsOf = (fields: Fields, label: string, options: readonly string[]) => {
  const field = fields.get(label)!;
  return options.map((option) => field.options.find((entry) => entry.label === option)!.optionId);
};

const everyone = { include: [{ recipient_type: 'everyone' as const, recipient_value: [] }], exclude: [], is_single_criteria: true };

/**
 * The demo organisation's message templates, so a new user finds realistic messages in Message
 * Templates: a site evacuation broadcast on every device, a test drill for the fire wardens, and an
 * IT outage that asks who is affected.
 */
export function demoTemplates(fields: Fields): { key: string; draft: Partial<ScenarioDraft> }[] {
  return [
    {
      key: 'site-evacuation',
      draft: {
        scenario_name: 'Site evacuation',
        scenario_message_id: '100',
        is_real: true,
        recipients: { ...everyone, is_multiple_criteria_all: false, is_exclude_recipients: false, is_exclude_recipients_all: false },
        devices: [device(fields, 'Mobile', 'SMS', 1), device(fields, 'Mobile', 'VOICE', 2), device(fields, 'Work email', 'EMAIL', 3)],
        email_subject_line: 'EVACUATE NOW: leave the site by the nearest exit',
        message: {
          sms: 'EVACUATE NOW. Leave the site by the nearest safe exit and go to your assembly point. Do not use lifts. Reply 1 when you are safe.',
          email: 'Evacuate the site now.\n\nLeave by the nearest safe exit and go to your assembly point. Do not use lifts and do not go back for belongings.\n\nReply 1 to the SMS when you are safe, or 2 if you need help.',
          voice: 'This is an emergency message. Evacuate the site now. Leave by the nearest safe exit and go to your assembly point. Press 1 when you are safe, or 2 if you need help.',
        },
        polling_options: [
          { option_digit: '1', option_text: 'I am safe' },
          { option_digit: '2', option_text: 'I need help' },
        ],
        auto_retry: true,
        auto_retry_minutes: 5,
      },
    },
    {
      key: 'fire-drill',
      draft: {
        scenario_name: 'Fire drill (test)',
        is_real: false,
        recipients: {
          include: [{ recipient_type: 'multiselect', recipient_value: optionsOf(fields, 'Skills', ['Fire warden']) }],
          exclude: [],
          is_single_criteria: true,
          is_multiple_criteria_all: false,
          is_exclude_recipients: false,
          is_exclude_recipients_all: false,
        },
        devices: [device(fields, 'Mobile', 'SMS', 1)],
        message: { sms: 'Fire drill at 10:00 today. Fire wardens: please sweep your zones and report to the assembly point.', email: '', voice: '' },
      },
    },
    {
      key: 'it-outage',
      draft: {
        scenario_name: 'IT outage: are you affected?',
        is_real: true,
        recipients: {
          include: [{ recipient_type: 'select', recipient_value: optionsOf(fields, 'Site', ['Head Office', 'North Depot']) }],
          exclude: [{ recipient_type: 'select', recipient_value: optionsOf(fields, 'Department', ['Communications']) }],
          is_single_criteria: true,
          is_multiple_criteria_all: false,
          is_exclude_recipients: true,
          is_exclude_recipients_all: false,
        },
        devices: [device(fields, 'Mobile', 'SMS', 1), device(fields, 'Work email', 'EMAIL', 2)],
        email_subject_line: 'IT outage: email and shared drives unavailable',
        message: {
          sms: 'IT outage: email and shared drives are down at your site. Reply 1 if you are affected, 2 if not. Updates to follow.',
          email: 'Email and the shared drives are unavailable at Head Office and North Depot. Engineers are working on it.\n\nPlease reply 1 to the SMS if you are affected, 2 if not.',
          voice: '',
        },
        polling_options: [
          { option_digit: '1', option_text: 'Affected' },
          { option_digit: '2', option_text: 'Not affected' },
        ],
        polling_timeout: 3600,
      },
    },
  ];
}
