/** Collections of read models that more than one app reads (the query API's projections write them). */
export const READ_MODELS = {
  users: 'users',
  customerGroups: 'customer_groups',
  /** One document per incident (the query API's incidents projection); the command side reads the list's first order. */
  incidents: 'incidents',
  /** One document per contact field (the query API's fields projection); deleting a group counts its own. */
  contactFields: 'contact_fields',
  /** One document per on-call period (the query API's on-call projection); staffing warnings read it on the command side. */
  onCallPeriods: 'on_call_periods',
  /** One document per customer group with on-call settings (the query API's on-call settings projection). */
  onCallSettings: 'on_call_settings',
  /** One document per message kept as a template (the query API's scenarios projection); names and message IDs are checked against it. */
  scenarios: 'scenarios',
  /** One document per message session (the query API's message-sessions projection). */
  messageSessions: 'message_sessions',
  /** One document per delivery of a session (the query API's message-deliveries projection); the dispatch worker finds the delivery an SMS reply answers in it. */
  messageDeliveries: 'message_deliveries',
  /** One document per dead-lettered delivery (the query API's dead-letters projection); a retry finds where its ledger is in it. */
  deadLetters: 'dead_letters',
} as const;

/** The projection that writes READ_MODELS.scenarios (a message's save waits for it, so a name just taken counts). */
export const SCENARIOS_PROJECTION = 'scenarios';

/** The projections that write READ_MODELS.onCallPeriods and .onCallSettings (the on-call staffing warnings wait for them). */
export const ON_CALL_PROJECTIONS = {
  periods: 'on-call-periods',
  settings: 'on-call-settings',
} as const;

/**
 * The projections that write READ_MODELS.users, .customerGroups and .contactFields: a command that decides on
 * those read models waits until all have caught up with what was appended before it.
 */
export const READ_MODEL_PROJECTIONS = {
  users: 'users',
  customerGroups: 'customer-groups',
  contactFields: 'contact-fields',
} as const;
