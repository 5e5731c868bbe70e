export * from './query-api.module';
export * from './query-projections';
export * from './shared/projections/projection-host';
