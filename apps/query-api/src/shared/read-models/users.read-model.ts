import { READ_MODELS } from '@beacon/contracts';
import type { UserRegistered } from '@beacon/domain';
import type { Document } from '@beacon/read-store';

export const USERS = READ_MODELS.users;

/** One document per user, shaped like GET /api/user/{id}/. */
export interface UserDocument extends Document {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  customer_permission: UserRegistered['data']['customerPermission'];
  customer_group: string;
  is_temporary: boolean;
  preferred_timezone: string;
  /** When the user last signed in or out (ISO); calls in between are on the token records. */
  last_activity: string | null;
  failed_attempts: number;
  /** End of the latest lock (ISO); the reader compares it with the time (a lock ends without an event). */
  locked_until?: string | null;
  password_reset_attempts?: number;
  two_factor_enabled?: boolean;
  /** Absent in documents projected before these flags existed: true. */
  is_active?: boolean;
  is_message_recipient?: boolean;
  /**
   * The list's label and search text, "First Last <email>", and its sort keys, the names in lower
   * case (so the list orders them as a reader does). Absent in documents projected before the user
   * list existed: `npm run rebuild -- users` adds them.
   */
  address_string?: string;
  first_name_key?: string;
  last_name_key?: string;
}

/**
 * Deleted users, kept (by the users projection) only so that the activity log can still name who did
 * what; nothing else reads them.
 */
export const FORMER_USERS = 'former_users';

export interface FormerUserDocument extends Document {
  email: string;
  first_name: string;
  last_name: string;
}
