/** Collections of read models that more than one app reads (the query API's projections write them). */
export const READ_MODELS = {
  users: 'users',
  customerGroups: 'customer_groups',
  /** One document per incident (the query API's incidents projection); the command side reads the list's first order. */
  incidents: 'incidents',
} as const;
