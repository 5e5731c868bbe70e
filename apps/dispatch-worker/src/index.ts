export * from './dispatch-worker.module';
export * from './jobs/dispatch-job';
