/** What stands for a placeholder when the text is spoken: a comma, which espeak-ng (and any speaker) says as a short pause. */
export const PLACEHOLDER_PAUSE = ', ';

const HASH = 0x23;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * The text as the preview says it: each placeholder between hash marks on one line (#first_name#,
 * spec part 2 "Placeholder masking") becomes a short pause, since a preview has no recipient to fill
 * it for. A `#` without a partner on its line, or `##`, stays, as the written preview's masking has
 * it. One pass, no regular expression, so any text is linear.
 */
export function spokenText(text: string): string {
  let spoken = '';
  let copiedTo = 0;
  let opening = -1;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === LINE_FEED || unit === CARRIAGE_RETURN) opening = -1;
    else if (unit === HASH) {
      if (opening >= 0 && index > opening + 1) {
        spoken += text.slice(copiedTo, opening) + PLACEHOLDER_PAUSE;
        copiedTo = index + 1;
        opening = -1;
      } else opening = index;
    }
  }
  return spoken + text.slice(copiedTo);
}
