import { holdsKey } from '../read-models/users.read-model';
import type { RecipientFields } from './recipient-count-plan';

/**
 * The users' recipient keys: the flags, and the key strings of options held and fields valued, all in
 * their collection's index, so a count reads that index alone (SQLite).
 */
export const RECIPIENT_KEY_FIELDS: RecipientFields = {
  receivesMessages: { is_message_recipient: true, is_active: true },
  holdsOption: (optionId) => holdsKey('option_keys', optionId),
  hasValue: (fieldId) => holdsKey('valued_field_keys', fieldId),
};

/**
 * The users' own documents, while the recipient keys are not all there (a read model from before
 * them): arrays read out of every document, slow on SQLite but right until `npm run rebuild -- users`.
 * Flags absent on documents from before them count as true.
 */
export const USER_RECIPIENT_FIELDS: RecipientFields = {
  receivesMessages: { is_message_recipient: { $ne: false }, is_active: { $ne: false } },
  holdsOption: (optionId) => ({ option_ids: optionId }),
  hasValue: (fieldId) => ({ valued_fields: fieldId }),
};
