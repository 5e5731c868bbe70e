import { BLANK, CUSTOMER_GROUP_NAME_MAX_LENGTH, tooLong } from '@beacon/domain';

/** What is wrong with a customer group's name as typed, in the server's words (none when it is fine). */
export function groupNameErrors(name: string): string[] {
  const trimmed = name.trim();
  if (trimmed === '') return [BLANK];
  if (trimmed.length > CUSTOMER_GROUP_NAME_MAX_LENGTH) return [tooLong(CUSTOMER_GROUP_NAME_MAX_LENGTH)];
  return [];
}

/** The name dialog's state: what the user typed and what the server said about it. */
export interface NameDraft {
  name: string;
  /** The user typed or tried to save: the name's own errors show from then on. */
  touched: boolean;
  /** The server's messages about the name the last save sent. */
  serverErrors: readonly string[];
}

/** The name's own errors once the user typed or tried to save, then the server's. */
export function draftErrors(draft: NameDraft): readonly string[] {
  return [...(draft.touched ? groupNameErrors(draft.name) : []), ...draft.serverErrors];
}
