/** A user's contact-field values as the user reads answer them (users.schemas.ts and session.schemas.ts). */
import { CONTACT_FIELD_TYPES } from '@beacon/domain';
import { z } from 'zod';
import { described, named } from './api-schema';

export const UserFieldValueSchema = named(
  'UserFieldValue',
  z.object({
    field: described(z.string(), "The contact field's id."),
    field_type: z.enum(CONTACT_FIELD_TYPES),
    field_value_label: described(z.string(), "The field's label."),
    user: described(z.string(), "The user's id."),
    values: described(z.array(z.string()), 'Phone numbers in E.164, emails in lower case, option ids for the select types; empty when the user has none.'),
    option_label: described(z.string().nullable(), "The chosen options' labels, joined by \", \"; null for other types."),
    options: described(
      z.array(z.object({ id: z.string(), label: z.string() })),
      "SINGLESELECT and MULTISELECT only: the options the user's group offers (neither deleted nor excluded for it), in the field's order.",
    ).optional(),
  }),
);

/** A contact field defined in a group below the signed-in user's (GET /api/user/self/?descendant_fields=true). */
export const DescendantFieldSchema = named(
  'DescendantField',
  z.object({
    id: z.string(),
    label: z.string(),
    field_type: z.enum(CONTACT_FIELD_TYPES),
    customer_group: described(z.string(), 'The group below the caller\'s that defines it.'),
  }),
);
