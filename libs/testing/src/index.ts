export { dockerEngineReachable, type DockerEngineCheck, type DockerEngineOptions } from './docker-engine';
export {
  planProductionServer,
  productionServer,
  type ProductionServer,
  type ProductionServerKind,
  type ProductionServerOptions,
  type ProductionServerPlan,
  type ProductionServerSkip,
} from './production-server';
