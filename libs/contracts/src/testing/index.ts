/** Test data shared by the specs of several projects; never imported by production code. */
export * from './access-expectations';
