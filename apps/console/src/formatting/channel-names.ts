import { TRANSLATIONS } from '@beacon/domain';

/** The channels a message uses, in the builder's words; a channel the console does not know shows as the server sent it. */
const CHANNEL_NAMES: ReadonlyMap<string, string> = new Map([
  ...TRANSLATIONS.dispatch_types.map(({ value, label }): [string, string] => [value, label]),
  ['TEAMS', 'Microsoft Teams'],
  ['SLACK', 'Slack'],
  ['PWA', 'Push'],
]);

/** A list entry's channels as one text ("SMS, Email"), or None. */
export const channelsText = (channels: readonly string[]): string =>
  channels.length === 0 ? 'None' : channels.map((channel) => CHANNEL_NAMES.get(channel) ?? channel).join(', ');
