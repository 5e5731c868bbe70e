import type { DirectUploadFileData, UploadFileData } from '@beacon/contracts';
import { REQUIRED, validationError } from '@beacon/domain';
import { EMPTY_FILE_MESSAGE } from './upload-limits';

const NOT_TEXT = 'Must be a string.';
const TOO_LONG = 'Ensure this field has no more than 200 characters.';

/** The `file_data` of an upload as UploadBodySchema (libs/contracts) parsed it: an object, empty when none was sent. */
export type FileDataObject = Readonly<Record<string, unknown>>;

const throwIfAny = (fields: Record<string, string[]>) => {
  if (Object.keys(fields).length) throw validationError('Some file details are not valid.', fields);
};

/** What an incident attachment is for: ids that are not strings (or numbers) are a 400. */
export function fileDetails(data: FileDataObject): UploadFileData {
  const fields: Record<string, string[]> = {};
  const result: UploadFileData = {};
  for (const key of ['incident', 'field', 'subdomain'] as const) {
    const value = data[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' && typeof value !== 'number') fields[key] = [NOT_TEXT];
    else if (String(value).length > 200) fields[key] = [TOO_LONG];
    else result[key] = String(value).trim();
  }
  throwIfAny(fields);
  return result;
}

const isGiven = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * The file a direct upload will send (`name`, `content_type`, `size`), or null when file_data names
 * none of them. Named partly or wrongly, it is a 400 naming each field. The name and the type are
 * sanitised later, as a posted file's are.
 */
export function directUploadFileData(data: FileDataObject): DirectUploadFileData | null {
  if (!['name', 'content_type', 'size'].some((key) => isGiven(data[key]))) return null;
  const fields: Record<string, string[]> = {};
  const text = (key: 'name' | 'content_type', maxLength: number): string => {
    const value = data[key];
    if (!isGiven(value)) fields[key] = [REQUIRED];
    else if (typeof value !== 'string') fields[key] = [NOT_TEXT];
    else if (value.length > maxLength) fields[key] = [`Ensure this field has no more than ${maxLength} characters.`];
    else return value;
    return '';
  };
  const name = text('name', 1000);
  const contentType = text('content_type', 255);
  const size = data.size;
  if (!isGiven(size)) fields.size = [REQUIRED];
  else if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) fields.size = ['Enter the size of the file in bytes, a whole number.'];
  else if (size === 0) fields.size = [EMPTY_FILE_MESSAGE];
  throwIfAny(fields);
  return { name, content_type: contentType, size: size as number };
}
