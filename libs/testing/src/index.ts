export { dockerEngineReachable, recordDockerEngine, recordedDockerEngine, type DockerEngineCheck, type DockerEngineOptions } from './docker-engine';
export {
  planProductionServer,
  planProductionServerNow,
  productionServer,
  type ProductionServer,
  type ProductionServerKind,
  type ProductionServerOptions,
  type ProductionServerPlan,
  type ProductionServerSkip,
} from './production-server';
export { eventually, type EventuallyOptions } from './eventually';
export { currentTestFailed, skipAtRuntime } from './test-status';
export { because } from './because';
export { pdfText, type PdfText } from './pdf-text';
