export * from './projection';
export * from './projection-runner';
export * from './current-documents';
export * from './parked-events';
export * from './projection-leases';
