import { maskPlaceholders } from '@beacon/domain';

/** What stands for a placeholder when the text is spoken: a comma, which espeak-ng (and any speaker) says as a short pause. */
export const PLACEHOLDER_PAUSE = ', ';

/**
 * The text as the preview says it: each placeholder between hash marks (#first_name#, spec part 2
 * "Placeholder masking") becomes a short pause rather than the written preview's asterisks, since a
 * preview has no recipient to fill it for. The same pairing as the written preview's (one line, `##` stays).
 */
export const spokenText = (text: string): string => maskPlaceholders(text, PLACEHOLDER_PAUSE);
