export * from './query-api.module';
export * from './projections/query-projections';
export * from './projections/projection-host';
