import { describedAs, type AggregateActivity } from '../shared/activity';
import type { FILE_UPLOAD_EVENT_VERSIONS } from './file-upload';

/** What a message file upload was, by its purpose; a Map, so a purpose such as "constructor" names nothing. */
const UPLOAD_PURPOSE_NAMES = new Map([
  ['email_attachment', 'an email attachment'],
  ['sms_attachment', 'an SMS attachment'],
  ['provider_attachment', 'a provider attachment'],
  ['recording', 'a recording'],
]);

/** How the activity log tells message file uploads. */
export const fileUploadActivity: AggregateActivity<keyof typeof FILE_UPLOAD_EVENT_VERSIONS> = {
  FileUploaded: (f) => {
    const purpose = f.string('purpose');
    const what = UPLOAD_PURPOSE_NAMES.get(purpose) ?? 'a file';
    return describedAs('message', `Uploaded ${what}: ${f.string('name')}`, { name: f.string('name'), size: f.count('size'), purpose });
  },
};
