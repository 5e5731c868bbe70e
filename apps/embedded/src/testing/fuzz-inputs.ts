import { BODY_TOO_DEEP_MESSAGE, BODY_TOO_LARGE_MESSAGE, JSON_BODY_LIMIT_BYTES } from '@beacon/platform';

/**
 * Hostile inputs for the route-table fuzz suite (fuzz.api.spec.ts): what callers who probe an API
 * send, each a named variant so a failure says which input broke which route.
 */

/** Ids that are also the names of Object.prototype's members, and ids no store could hold. */
export const HOSTILE_IDS: readonly { readonly name: string; readonly value: string }[] = [
  { name: '__proto__', value: '__proto__' },
  { name: 'constructor', value: 'constructor' },
  { name: 'toString', value: 'toString' },
  { name: 'hasOwnProperty', value: 'hasOwnProperty' },
  { name: 'valueOf', value: 'valueOf' },
  { name: 'NUL', value: 'a\u0000b' },
  { name: 'bidi override', value: '\u202Eexe.txt' },
  { name: 'very long', value: '7'.repeat(4000) },
];

/** The names requests give the values a route reads, each of which a variant fills with one wrong type. */
const REQUEST_FIELDS = [
  'id',
  'name',
  'label',
  'title',
  'incident_title',
  'field_type',
  'type',
  'value',
  'values',
  'message',
  'content',
  'form',
  'field',
  'for_field',
  'field_group',
  'form_field_mappings',
  'display_conditions',
  'field_values',
  'payload',
  'ignored_field_groups',
  'state',
  'order',
  'version',
  'subdomain',
  'template_branding',
  'data',
  'rules',
  'field_group_ids',
  'filters',
  'email',
  'password',
  'old_password',
  'new_password1',
  'new_password2',
  'uid',
  'token',
  'ephemeral_token',
  'code',
  'module_name',
  'module_name_plural',
  'should_use_autologout',
  'brand_login_url',
  'is_pii',
  'is_required',
];

const everyField = (value: unknown) => Object.fromEntries(REQUEST_FIELDS.map((field) => [field, value]));

function nestedObjects(count: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < count; level++) value = { [REQUEST_FIELDS[level % REQUEST_FIELDS.length]!]: value };
  return value;
}

export interface BodyVariant {
  readonly name: string;
  /** The raw JSON text sent with Content-Type: application/json (some cannot be written as an object literal). */
  readonly json: string;
  /** How every route must answer, when the body alone decides it (it is refused before any route reads it). */
  readonly refusal?: { readonly status: number; readonly detail: string };
}

/** JSON bodies sent to every route. */
export const BODY_VARIANTS: readonly BodyVariant[] = [
  { name: 'over 1 MB', json: JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT_BYTES + 1) }), refusal: { status: 413, detail: BODY_TOO_LARGE_MESSAGE } },
  { name: '100 levels deep', json: JSON.stringify(nestedObjects(100)), refusal: { status: 400, detail: BODY_TOO_DEEP_MESSAGE } },
  { name: 'a list', json: '[{"name":"x"},1,"x",null]' },
  { name: 'every field a list', json: JSON.stringify(everyField([[], {}, null])) },
  { name: 'every field a number', json: JSON.stringify(everyField(-1e308)) },
  { name: 'every field null', json: JSON.stringify(everyField(null)) },
  { name: 'every field an object', json: JSON.stringify(everyField({ id: {}, length: -1 })) },
  { name: 'every field a boolean', json: JSON.stringify(everyField(true)) },
  { name: 'every field a NUL string', json: JSON.stringify(everyField('\u0000\u0001a\u0000')) },
  { name: 'every field a prototype name', json: JSON.stringify(everyField('__proto__')) },
  { name: 'every field a very long string', json: JSON.stringify(everyField('y'.repeat(20_000))) },
  {
    name: 'prototype keys',
    json: '{"__proto__":{"isAdmin":true,"id":"x"},"constructor":{"prototype":{"polluted":1}},"toString":1,"hasOwnProperty":"x","valueOf":null,"payload":[{"__proto__":{"x":1},"field":"constructor","field_group":"__proto__","values":[{"key":"__proto__","name":"a"}]}],"form_field_mappings":[{"field":"toString"}],"display_conditions":[{"type":"field","field_id":"hasOwnProperty","value":"x"}],"field_values":[{"field":"__proto__","field_group":"constructor","values":["x"]}],"filters":{"state":"__proto__","form":"constructor"},"rules":["__proto__"],"field_group_ids":["constructor"]}',
  },
  { name: 'bidi override in free text', json: JSON.stringify({ message: '\u202Etxt.exe', content: '\u2066x\u2069', value: '\u202D' }) },
];

/** A query string of repeated keys (Express reads them as lists), prototype names, NUL, bidi and numbers out of range. */
export const HOSTILE_QUERY =
  'page=__proto__&page=2&items_per_page=-1&items_per_page=1e309&filters=%00&filters=%7B%22state%22%3A%7B%22__proto__%22%3A1%7D%7D' +
  '&search=%E2%80%AE&version=constructor&custom_fields=toString&descendants=%5B%5D&inactivity=%00';

/** What the multipart variant sends as `file_data` (upload routes parse it as JSON text). */
export const HOSTILE_FILE_DATA = '{"__proto__":{"x":1},"incident":"constructor","field":"__proto__","subdomain":"toString","name":"a\u0000b.txt","content_type":"text/\u202Ehtml","size":-1}';
