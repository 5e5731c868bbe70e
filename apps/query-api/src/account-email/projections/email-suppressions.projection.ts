import type { EmailSuppressionEvent } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import type { DocumentChange } from '@beacon/read-store';
import { EMAIL_SUPPRESSIONS, type EmailSuppressionDocument } from '../email-suppressions.read-model';

const EMAIL_SUPPRESSION_EVENT_TYPES: ReadonlySet<string> = new Set(['EmailAddressSuppressed', 'EmailSuppressionCleared']);

function documentOf(event: EmailSuppressionEvent): EmailSuppressionDocument | null {
  switch (event.type) {
    case 'EmailAddressSuppressed': {
      const { email, reason, detail, source, suppressedAt } = event.data;
      return { _id: email, reason, detail, source, suppressed_at: suppressedAt };
    }
    case 'EmailSuppressionCleared':
      return null;
  }
}

/** The organisations' suppressed addresses: the latest suppression of each, gone once cleared. */
export const emailSuppressionsProjection: ProjectionDefinition = {
  name: 'email-suppressions',
  collections: [EMAIL_SUPPRESSIONS],
  project(event: RecordedEvent): DocumentChange[] {
    if (!EMAIL_SUPPRESSION_EVENT_TYPES.has(event.type)) return [];
    const suppressionEvent = { type: event.type, data: event.data } as EmailSuppressionEvent;
    const document = documentOf(suppressionEvent);
    return [{ collection: EMAIL_SUPPRESSIONS, tenantId: String(event.metadata.tenantId), id: suppressionEvent.data.email, apply: () => document }];
  },
};
