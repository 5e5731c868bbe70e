import type { UploadFileData } from '@beacon/contracts';
import { validationError } from '@beacon/domain';

const INVALID = 'Enter the file details as a JSON object.';
const NOT_TEXT = 'Must be a string.';

/**
 * The `file_data` part of an upload: JSON text naming what the file is attached to. Missing or blank
 * means nothing in particular; anything but a JSON object (or ids that are not strings) is a 400.
 */
export function parseUploadFileData(raw: unknown): UploadFileData {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return {};
  let parsed: unknown;
  try {
    parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    throw validationError('The file details are not valid JSON.', { file_data: [INVALID] });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw validationError('The file details are not valid JSON.', { file_data: [INVALID] });
  const data = parsed as Record<string, unknown>;
  const fields: Record<string, string[]> = {};
  const result: UploadFileData = {};
  for (const key of ['incident', 'field', 'subdomain'] as const) {
    const value = data[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' && typeof value !== 'number') fields[key] = [NOT_TEXT];
    else if (String(value).length > 200) fields[key] = ['Ensure this field has no more than 200 characters.'];
    else result[key] = String(value).trim();
  }
  if (Object.keys(fields).length) throw validationError('Some file details are not valid.', fields);
  return result;
}
