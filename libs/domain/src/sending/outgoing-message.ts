import { normaliseSmsText } from '../message/sms-segments';
import { testHeader, type PreviewGroupSettings } from '../message/message-preview';
import type { ScenarioDraft } from '../message/scenario-draft';
import type { DeliveryChannel } from './message-session-page';
import { pollingChoices, pollingLine, spokenPollingLine, type PollingChoice } from './polling';
import { carriesTwoWayLink, respondHereLine, type TwoWayLinkSettings } from './two-way-link';

/** What one channel's recipients get: the subject (email, Teams, Slack, push) and the text. */
export interface OutgoingContent {
  readonly subject?: string;
  /** The text; for a text that carries the two-way link, without it (each delivery has its own: withResponseLink). */
  readonly text: string;
  /** Where in `text` the two-way link's line goes (after the polling options, before the closing text); absent: no link. */
  readonly responseLinkAt?: number;
}

/**
 * A delivery's own text: the channel's, with its "Respond here: <address>" line where the content
 * says. The text is normalised character by character, so inserting the (ASCII) line into the
 * normalised text gives what normalising the whole would.
 */
export function withResponseLink(content: OutgoingContent, url: string): string {
  const at = content.responseLinkAt;
  if (at === undefined) return content.text;
  const before = content.text.slice(0, at);
  const after = content.text.slice(at);
  return `${before}\n${respondHereLine(url)}${after}`;
}

const isSet = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/** "1 - Yes" lines for a text or an email; a call speaks "Press 1 for Yes." while it waits for the key. */
function pollingLines(draft: ScenarioDraft, line: (choice: PollingChoice) => string = pollingLine): string[] {
  return pollingChoices(draft.polling_options).map(line);
}

/**
 * The text a channel sends, as the preview shows it (spec part 2 §5) but unmasked: for SMS the test
 * header, the group's opening and closing texts around the message and the polling options, normalised
 * as it is counted, and where the two-way link goes when the text carries it; for email and voice the message and the polling options; for Teams, Slack and push
 * their own message. Placeholders (#...#) go out as written: merge fields are not filled in yet, and
 * attachments are not linked yet (files have no public address).
 */
export function outgoingContent(
  channel: DeliveryChannel,
  draft: ScenarioDraft,
  settings: PreviewGroupSettings & TwoWayLinkSettings,
  rootPermissions: readonly string[],
): OutgoingContent {
  const subject = draft.email_subject_line.trim() || draft.scenario_name.trim();
  switch (channel) {
    case 'SMS': {
      const head = testHeader(draft, settings, rootPermissions) + [...(isSet(settings.opening_text) ? [settings.opening_text] : []), draft.message.sms, ...pollingLines(draft)].join('\n');
      const tail = isSet(settings.closing_text) ? `\n${settings.closing_text}` : '';
      const text = normaliseSmsText(head + tail);
      if (!carriesTwoWayLink(draft, settings, rootPermissions)) return { text };
      return { text, responseLinkAt: normaliseSmsText(head).length };
    }
    case 'EMAIL':
      return { subject, text: [draft.message.email, ...pollingLines(draft)].join('\n') };
    case 'VOICE':
      return { text: [draft.message.voice, ...pollingLines(draft, spokenPollingLine)].join('\n') };
    case 'TEAMS':
      return { subject: draft.scenario_name.trim(), text: draft.teams.message };
    case 'SLACK':
      return { subject: draft.scenario_name.trim(), text: draft.slack.message };
    case 'PUSH':
      return { subject: draft.pwa.title.trim() || draft.scenario_name.trim(), text: draft.pwa.message };
  }
}
