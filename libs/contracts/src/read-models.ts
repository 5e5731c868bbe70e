/** Collections of read models that more than one app reads (the query API's projections write them). */
export const READ_MODELS = {
  users: 'users',
  customerGroups: 'customer_groups',
} as const;
