import type { SuppressionReason, SuppressionSource } from '@beacon/domain';
import type { Document } from '@beacon/read-store';

/** GET /api/mailgun_suppression/{id}/: one document per suppressed address of an organisation, its id the address. */
export const EMAIL_SUPPRESSIONS = 'email_suppressions';

export interface EmailSuppressionDocument extends Document {
  reason: SuppressionReason;
  detail: string;
  source: SuppressionSource;
  suppressed_at: string;
}
