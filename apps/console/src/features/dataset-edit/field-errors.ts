/**
 * Messages per field of a form, as the server answers a 400 and as the domain's rules give them:
 * a setting's messages may name a part of it first ("dial_code: …", "0.phone_number: …", "2: …").
 */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

export const NO_ERRORS: readonly string[] = [];

const PART = /^((?:\d+|[a-z_]+)(?:\.[a-z_]+)?): (.*)$/s;

/** The messages about the field as a whole (those that name no part of it). */
export function ownMessages(messages: readonly string[]): string[] {
  return messages.filter((message) => !PART.test(message));
}

/** The messages about one part of a field ("dial_code", "0.phone_number", "3"), without the part's name. */
export function partMessages(messages: readonly string[], part: string): string[] {
  return messages.flatMap((message) => {
    const match = PART.exec(message);
    return match && match[1] === part ? [match[2]!] : [];
  });
}

/** Every message of a list field, with its entries named by their position from 1 ("Line 2: …"). */
export function listMessages(messages: readonly string[], entryName: string): string[] {
  return messages.map((message) => {
    const match = /^(\d+): (.*)$/s.exec(message);
    return match ? `${entryName} ${Number(match[1]) + 1}: ${match[2]}` : message;
  });
}

/** The messages of a list without the positions they name (positions in what was sent, not in what is shown), each once. */
export function withoutPositions(messages: readonly string[]): string[] {
  return [...new Set(messages.map((message) => message.replace(/^\d+: /, '')))];
}
