/**
 * Rules for text that people type and others read, applied to every request body once, where it is
 * read (libs/platform's request-body rules), so no feature has to remember them.
 *
 * Control characters (NUL and the rest of C0 and C1) mean nothing in a name or a note and break
 * storage, logs, CSV and PDF exports, so they are dropped; tab and line breaks stay for multi-line text.
 * Bidirectional embeddings, overrides and isolates make a text display in another order than it is
 * stored ("Trojan Source": a user named "Admin\u202E" or a file "invoice\u202Efdp.exe" reads as something
 * else), so a name that others see is refused when it holds one. Other text keeps them: right-to-left
 * writers may need them in free text, where nothing is identified by how it looks.
 */

// The whole point of these patterns is to match control characters.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

export const BIDI_CONTROL_IN_NAME =
  'Names may not contain text-direction control characters (U+202A to U+202E, U+2066 to U+2069), which make a name display as something else.';

/**
 * Request fields that name something other users see: people (first and last names), customer
 * groups, incident fields, forms, field groups, templates and rules, files, the incident module and
 * incidents themselves. A field of that name anywhere in a body counts (an attachment's `name` in an
 * incident's values too).
 */
export const DISPLAY_NAME_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'first_name',
  'last_name',
  'label',
  'title',
  'incident_title',
  'module_name',
  'module_name_plural',
]);

export const withoutControlCharacters = (text: string): string => text.replace(CONTROL_CHARACTERS, '');

export const hasBidiControl = (text: string): boolean => BIDI_CONTROLS.test(text);
