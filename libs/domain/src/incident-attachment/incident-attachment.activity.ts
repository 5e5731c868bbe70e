import { describedAs, type AggregateActivity } from '../shared/activity';
import type { INCIDENT_ATTACHMENT_EVENT_VERSIONS } from './incident-attachment';

/** How the activity log tells incident attachment events. */
export const incidentAttachmentActivity: AggregateActivity<keyof typeof INCIDENT_ATTACHMENT_EVENT_VERSIONS> = {
  IncidentAttachmentUploaded: (f) => describedAs('incident', `Attached the file ${f.string('name')}`, { name: f.string('name'), size: f.count('size') }),
  IncidentAttachmentRemoved: (f) =>
    describedAs('incident', `Removed the file ${f.string('name')}, uploaded on a public incident template page and not attached to an incident within a day`, {
      name: f.string('name'),
      size: f.count('size'),
    }),
};
