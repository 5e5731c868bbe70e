import type { OutgoingMessage } from '../channel-provider';

/** One TextBlock of an Adaptive Card. */
interface TextBlock {
  readonly type: 'TextBlock';
  readonly text: string;
  readonly wrap: true;
  readonly weight?: 'Bolder';
  readonly size?: 'Medium';
}

/** What a Teams Workflows webhook takes: a message with one Adaptive Card attachment. */
export interface WorkflowsCardMessage {
  readonly type: 'message';
  readonly attachments: readonly [
    {
      readonly contentType: 'application/vnd.microsoft.card.adaptive';
      readonly contentUrl: null;
      readonly content: {
        readonly $schema: 'http://adaptivecards.io/schemas/adaptive-card.json';
        readonly type: 'AdaptiveCard';
        readonly version: '1.4';
        readonly body: readonly TextBlock[];
        readonly msteams: { readonly width: 'Full' };
      };
    },
  ];
}

/**
 * The message as the card the "Post to a channel when a webhook request is received" workflow posts:
 * the subject as a bold title, then the text, both wrapped. Version 1.4, which Teams renders on
 * desktop, web and mobile. The delivery id is not in the card: the card's only metadata field is a
 * web link, and a visible line would show it to every reader; it travels in a request header.
 */
export function workflowsCardMessage(message: OutgoingMessage): WorkflowsCardMessage {
  const title: TextBlock[] = message.subject?.trim() ? [{ type: 'TextBlock', text: message.subject.trim(), wrap: true, weight: 'Bolder', size: 'Medium' }] : [];
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [...title, { type: 'TextBlock', text: message.text, wrap: true }],
          msteams: { width: 'Full' },
        },
      },
    ],
  };
}
