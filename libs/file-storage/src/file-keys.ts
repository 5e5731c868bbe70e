import { randomBytes } from 'node:crypto';

/**
 * File keys and names. A key is 32 random hex digits: unguessable, and only characters that can never
 * form a path (`..`, `/`) or collide with a metadata sidecar (`<key>.json`).
 */
const KEY_PATTERN = /^[a-f0-9]{32}$/;
/** Tenant ids are UUIDs today; anything path-safe without dots is accepted. */
const TENANT_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export const newFileKey = (): string => randomBytes(16).toString('hex');

export const isFileKey = (value: unknown): value is string => typeof value === 'string' && KEY_PATTERN.test(value);

export const isStorageTenantId = (value: unknown): value is string => typeof value === 'string' && TENANT_PATTERN.test(value);

export const MAX_FILE_NAME_LENGTH = 200;
const FALLBACK_FILE_NAME = 'file';

/**
 * A name safe to show and to put in a Content-Disposition header: its last path segment only, no
 * control characters, no characters that file systems or headers treat specially, at most 200
 * characters (keeping the extension), never empty. Letters of any script are kept.
 */
export function sanitizeFileName(name: unknown): string {
  const text = typeof name === 'string' ? name : '';
  const lastSegment = text.split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  if (!cleaned) return FALLBACK_FILE_NAME;
  const characters = [...cleaned];
  if (characters.length <= MAX_FILE_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? [...cleaned.slice(dot)] : [];
  const keep = extension.length > 0 && extension.length <= 20 ? extension : [];
  return characters.slice(0, MAX_FILE_NAME_LENGTH - keep.length).join('') + keep.join('');
}

const CONTENT_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The media type a client declared (parameters dropped), or application/octet-stream when it is not one. */
export function sanitizeContentType(contentType: unknown): string {
  if (typeof contentType !== 'string') return DEFAULT_CONTENT_TYPE;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return CONTENT_TYPE_PATTERN.test(type) ? type : DEFAULT_CONTENT_TYPE;
}
