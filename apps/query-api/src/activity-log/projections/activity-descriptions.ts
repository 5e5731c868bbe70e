import {
  contactFieldActivity,
  customerGroupActivity,
  describeGenerically,
  dispatchActivity,
  deadLetterRetryActivity,
  emailSuppressionActivity,
  eventDataOf,
  EventFields,
  fileUploadActivity,
  incidentActivity,
  incidentAttachmentActivity,
  incidentSettingsActivity,
  onCallActivity,
  organisationActivity,
  pushSubscriptionActivity,
  scenarioActivity,
  messageSessionActivity,
  quickReportActivity,
  userActivity,
  type ActivityDescriber,
  type ActivityDescription,
} from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';

/** Every aggregate's describers of its own events; the activity log tells each event with its aggregate's. */
export const AGGREGATE_ACTIVITY: readonly Readonly<Record<string, ActivityDescriber>>[] = [
  customerGroupActivity,
  userActivity,
  incidentActivity,
  incidentSettingsActivity,
  incidentAttachmentActivity,
  fileUploadActivity,
  dispatchActivity,
  deadLetterRetryActivity,
  contactFieldActivity,
  onCallActivity,
  emailSuppressionActivity,
  scenarioActivity,
  messageSessionActivity,
  quickReportActivity,
  pushSubscriptionActivity,
  organisationActivity,
];

/** By event type; a Map, so a type such as "constructor" names no describer. */
const DESCRIBERS: ReadonlyMap<string, ActivityDescriber> = new Map(AGGREGATE_ACTIVITY.flatMap((describers) => Object.entries(describers)));

/** The event in words: by its aggregate's describer, else (an unknown type, or a shape it does not know) by its name. */
export function describeEvent(event: RecordedEvent): ActivityDescription {
  const describe = DESCRIBERS.get(event.type);
  if (describe) {
    try {
      return describe(new EventFields(eventDataOf(event)), event);
    } catch {
      // A shape this code does not know (a newer schema version): the generic words are still true.
    }
  }
  return describeGenerically(event);
}
