import { recordDockerEngine } from '../../libs/testing/src/docker-engine';

/**
 * Once per test run, before any worker starts (workers inherit the environment): whether a Docker
 * engine answers, so that specs can choose their server path (env, testcontainers or skip) while Jest
 * collects them, which must be synchronous.
 */
export default async function globalSetup(): Promise<void> {
  await recordDockerEngine();
}
