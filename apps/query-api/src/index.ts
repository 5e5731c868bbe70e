export * from './query-api.module';
export * from './query-projections';
export * from './shared/projections/projection-host';
export * from './message-sessions/planning/message-session-work';
export * from './message-sessions/dead-letters/dead-letter-retry-queue';
export * from './message-sessions/quick-reports/quick-report-work';
export * from './message-sessions/two-way/response-link-expiry';
export * from './shared/projections/read-model-rebuild';
