import type { IncomingWebhookSendArguments } from '@slack/webhook';
import type { OutgoingMessage } from '../channel-provider';

/** Slack's limits (Block Kit): a header's text, a section's text, blocks in one message. */
const HEADER_MAX = 150;
const SECTION_MAX = 3_000;
const BLOCKS_MAX = 50;
/** The plain text shown in notifications and where blocks cannot be. */
const FALLBACK_MAX = 3_000;

/** Our text cut into pieces of at most `size` characters (code points, so no character is split). */
function piecesOf(text: string, size: number): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < chars.length; start += size) pieces.push(chars.slice(start, start + size).join(''));
  return pieces;
}

const clip = (text: string, size: number): string => {
  const chars = Array.from(text);
  return chars.length > size ? `${chars.slice(0, size - 1).join('')}…` : text;
};

/** Slack reads & < > in a message's `text` as markup (links, mentions): written as entities they show as typed. */
const escapeMarkup = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The message as an incoming webhook posts it: the subject as a header block and the text in plain-text
 * sections (shown as typed: no markup, no mention, no link unfurled), with `text` as the notification's
 * words. The delivery id goes in the message's metadata (and a request header), where apps reading
 * the channel can find it.
 */
export function slackMessage(message: OutgoingMessage): IncomingWebhookSendArguments {
  const subject = message.subject?.trim() ?? '';
  const header = subject ? [{ type: 'header' as const, text: { type: 'plain_text' as const, text: clip(subject, HEADER_MAX), emoji: false } }] : [];
  const sections = piecesOf(message.text, SECTION_MAX)
    .slice(0, BLOCKS_MAX - header.length)
    .map((piece) => ({ type: 'section' as const, text: { type: 'plain_text' as const, text: piece, emoji: false } }));
  const blocks = [...header, ...sections];
  return {
    text: escapeMarkup(clip(subject ? `${subject}: ${message.text}` : message.text, FALLBACK_MAX)),
    ...(blocks.length > 0 ? { blocks } : {}),
    unfurl_links: false,
    unfurl_media: false,
    metadata: { event_type: 'beacon_delivery', event_payload: { delivery_id: message.deliveryId } },
  };
}
