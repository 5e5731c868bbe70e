/** Collections of read models that more than one app reads (the query API's projections write them). */
export const READ_MODELS = {
  users: 'users',
  customerGroups: 'customer_groups',
  /** One document per incident (the query API's incidents projection); the command side reads the list's first order. */
  incidents: 'incidents',
} as const;

/**
 * The projections that write READ_MODELS.users and READ_MODELS.customerGroups: a command that decides on
 * those read models waits until both have caught up with what was appended before it.
 */
export const READ_MODEL_PROJECTIONS = {
  users: 'users',
  customerGroups: 'customer-groups',
} as const;
