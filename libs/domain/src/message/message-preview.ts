import { pollingChoices, pollingLine, spokenPollingLine } from '../sending/polling';
import { carriesTwoWayLink, respondHereLine } from '../sending/two-way-link';
import { countSmsSegments, type SmsSegmentCount } from './sms-segments';

/**
 * What a recipient of a message would see (or hear), as the builder previews it (spec part 2 §5
 * "Preview", "Polling options", "Placeholder masking"). The same rules in the console and on the
 * server, so the preview and its SMS part count agree wherever they are shown.
 *
 * An SMS preview reads, one part a line:
 *   [TEST HEADER: ]opening_text
 *   the message
 *   1 - Yes            (each polling option with both a digit and a text; a call: "Press 1 for Yes.")
 *   Respond here: https://example.invalid/r/SAMPLE   (the two-way link, where the text carries it: two-way-link.ts)
 *   Report.pdf: https://example.invalid/f/SAMPLE    (each linked attachment)
 *   closing_text
 * The header, the opening and closing texts and the two-way link are SMS only: the opening and
 * closing texts frame SMS (the settings keep each within one SMS) and the header marks a test on
 * the phone. Polling options show on the channels a recipient answers on (SMS, email, voice).
 */

export const PREVIEW_CHANNELS = ['sms', 'email', 'voice', 'teams', 'slack', 'pwa'] as const;
export type PreviewChannel = (typeof PREVIEW_CHANNELS)[number];

/** What a placeholder shows in a preview (spec: "replaced by 10 asterisks by default"). */
export const PLACEHOLDER_MASK = '**********';

/** Sample addresses: a real link exists only once a message is sent; `.invalid` never resolves. */
export const SAMPLE_RESPONSE_URL = 'https://example.invalid/r/SAMPLE';
export const SAMPLE_ATTACHMENT_URL = 'https://example.invalid/f/SAMPLE';
export const TWO_WAY_LINK_TEXT = respondHereLine(SAMPLE_RESPONSE_URL);

/** The root permission that lets a test go to a subset of recipients, and the word its header carries. */
export const ALLOW_SUBSET = 'Allow Subset';
export const SUBSET_HEADER_WORD = 'SUBSET';

/** The separator between the parts of a preview. */
const LINE = '\n';

const POLLING_CHANNELS: ReadonlySet<PreviewChannel> = new Set(['sms', 'email', 'voice']);

export interface PreviewPollingOption {
  readonly option_digit?: string | number | null;
  readonly option_text?: string | null;
}

export interface PreviewAttachment {
  readonly attachment_name: string;
}

/** The scenario fields a preview reads (spec part 2 §3), by their names there. */
export interface PreviewScenario {
  readonly scenario_name: string;
  /** A real message (true) or a test (false). */
  readonly is_real: boolean;
  readonly is_subset_scenario?: boolean;
  readonly polling_options?: readonly PreviewPollingOption[];
  readonly sms_two_way_link?: boolean;
  readonly include_links?: Partial<Readonly<Record<'sms' | 'email' | 'teams' | 'slack', boolean>>>;
  /** Files linked from the SMS, the email, or both (`shared`). */
  readonly attachments?: Partial<Readonly<Record<'sms' | 'email' | 'shared', readonly PreviewAttachment[]>>>;
}

/** The customer-group settings a preview reads. */
export interface PreviewGroupSettings {
  readonly opening_text?: string | null;
  readonly closing_text?: string | null;
  readonly test_message_header?: boolean | null;
  /** Whether the group lets a message carry the two-way link, or puts it on every text (two-way-link.ts). */
  readonly two_way_sms?: boolean | null;
  readonly force_two_way_sms?: boolean | null;
}

export interface PreviewInput {
  /** The channel's message text as the sender wrote it. */
  readonly text: string;
  readonly scenario: PreviewScenario;
  readonly settings: PreviewGroupSettings;
  /** The root group's feature permissions. */
  readonly rootPermissions: readonly string[];
}

export interface MessagePreview {
  readonly channel: PreviewChannel;
  /** What the recipient sees or hears, placeholders masked; for SMS, normalised as it is sent. */
  readonly text: string;
  /** The SMS part count of `text`: for SMS only. */
  readonly sms?: SmsSegmentCount;
}

const HASH = 0x23;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * The text with each placeholder, `#` + one or more characters + `#` on one line, replaced by `mask`
 * (merge fields such as `#first_name#` have a value per recipient, unknown in a preview). A `#`
 * without a partner on its line, or `##`, stays as it is. One pass, no regular expression.
 */
export function maskPlaceholders(text: string, mask = PLACEHOLDER_MASK): string {
  let masked = '';
  let copiedTo = 0;
  let opening = -1;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === LINE_FEED || unit === CARRIAGE_RETURN) {
      opening = -1;
    } else if (unit === HASH) {
      if (opening >= 0 && index > opening + 1) {
        masked += text.slice(copiedTo, opening) + mask;
        copiedTo = index + 1;
        opening = -1;
      } else {
        opening = index;
      }
    }
  }
  return copiedTo === 0 ? text : masked + text.slice(copiedTo);
}

const isSet = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/**
 * "1 - Yes" for each option with both a digit and a text (spec: only those appear); a call speaks
 * them as "Press 1 for Yes." inside the key press it waits for (sending/polling.ts).
 */
function pollingLines(channel: PreviewChannel, options: readonly PreviewPollingOption[]): string[] {
  const line = channel === 'voice' ? spokenPollingLine : pollingLine;
  return pollingChoices(options).map((choice) => line({ ...choice, text: maskPlaceholders(choice.text) }));
}

/** The files the channel links when its links are on: its own, and for SMS and email the shared ones. */
function attachmentLines(channel: PreviewChannel, scenario: PreviewScenario): string[] {
  if (channel !== 'sms' && channel !== 'email' && channel !== 'teams' && channel !== 'slack') return [];
  if (scenario.include_links?.[channel] !== true) return [];
  const own = channel === 'sms' || channel === 'email' ? (scenario.attachments?.[channel] ?? []) : [];
  return [...own, ...(scenario.attachments?.shared ?? [])].map(({ attachment_name }) => `${attachment_name}: ${SAMPLE_ATTACHMENT_URL}`);
}

/**
 * The header of a test SMS, when the group's test_message_header is on: the scenario name in
 * capitals and a colon; for a test to a subset of recipients (is_subset_scenario, with the root
 * permission 'Allow Subset'), "SUBSET " before the name, so a recipient can tell the two apart.
 * None for a real message or a scenario without a name.
 */
export function testHeader(scenario: PreviewScenario, settings: PreviewGroupSettings, rootPermissions: readonly string[]): string {
  if (scenario.is_real || settings.test_message_header !== true) return '';
  const name = scenario.scenario_name.trim().toUpperCase();
  if (name === '') return '';
  const subset = scenario.is_subset_scenario === true && rootPermissions.includes(ALLOW_SUBSET);
  return `${subset ? `${SUBSET_HEADER_WORD} ${name}` : name}: `;
}

/** The text a recipient on `channel` would see (or hear), with the SMS part count for SMS. */
export function previewMessage(channel: PreviewChannel, input: PreviewInput): MessagePreview {
  const { scenario, settings } = input;
  const sms = channel === 'sms';
  const lines = [
    ...(sms && isSet(settings.opening_text) ? [maskPlaceholders(settings.opening_text)] : []),
    maskPlaceholders(input.text),
    ...(POLLING_CHANNELS.has(channel) ? pollingLines(channel, scenario.polling_options ?? []) : []),
    ...(sms && carriesTwoWayLink(scenario, settings, input.rootPermissions) ? [TWO_WAY_LINK_TEXT] : []),
    ...attachmentLines(channel, scenario),
    ...(sms && isSet(settings.closing_text) ? [maskPlaceholders(settings.closing_text)] : []),
  ];
  const text = (sms ? testHeader(scenario, settings, input.rootPermissions) : '') + lines.join(LINE);
  if (!sms) return { channel, text };
  const count = countSmsSegments(text);
  return { channel, text: count.normalised_text, sms: count };
}
