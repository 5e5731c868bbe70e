export * from './dispatch-worker.module';
export * from './jobs/dispatch-job';
export { simulatedFate } from './channels/simulator/simulator.provider';
