import type { MessageSessionRecipientDocument, MessageSessionReportDocument } from '../../shared/read-models/session-report.read-model';

/** What a person's line counts under in its session's report: a state, a reply key, and the minute of the reply. */
export interface ReportKeys {
  readonly state: string;
  readonly reply: string;
  /** The minute the reply came (ISO to the minute, UTC), null without one. */
  readonly minute: string | null;
  /** A polling choice replied with: its digit and its text. */
  readonly choice?: readonly [digit: string, text: string];
}

export const replyMinuteOf = (replyTime: string | null): string | null => (replyTime ? `${replyTime.slice(0, 16)}Z` : null);

export function countedUnder(line: Pick<MessageSessionRecipientDocument, 'state' | 'reply' | 'reply_key' | 'reply_time'>): ReportKeys {
  const digit = /^Choice ([0-9])$/.exec(line.reply_key)?.[1];
  return { state: line.state, reply: line.reply_key, minute: replyMinuteOf(line.reply_time), ...(digit ? { choice: [digit, line.reply] as const } : {}) };
}

function moved(counts: Readonly<Record<string, number>>, before: string | null, after: string | null): Record<string, number> {
  if (before === after) return counts as Record<string, number>;
  const next = { ...counts };
  if (before !== null) {
    next[before] = (next[before] ?? 0) - 1;
    if (next[before] === 0) delete next[before];
  }
  if (after !== null) next[after] = (next[after] ?? 0) + 1;
  return next;
}

/** The report with its counts moved by line changes, each given as the keys it counted under before and after (null: no line). */
export function reportCountsAfter(report: MessageSessionReportDocument, moves: readonly (readonly [ReportKeys | null, ReportKeys | null])[]): MessageSessionReportDocument {
  let { states, replies, reply_minutes: minutes } = report;
  let choices = report.choices ?? {};
  for (const [before, after] of moves) {
    states = moved(states, before?.state ?? null, after?.state ?? null);
    replies = moved(replies, before?.reply ?? null, after?.reply ?? null);
    minutes = moved(minutes, before?.minute ?? null, after?.minute ?? null);
    if (after?.choice && choices[after.choice[0]] === undefined) choices = { ...choices, [after.choice[0]]: after.choice[1] };
  }
  return { ...report, states, replies, reply_minutes: minutes, choices };
}
