import 'reflect-metadata';
import { createEventStore } from '@beacon/event-store';
import { loadPlatformConfig } from '@beacon/platform';
import { ProjectionRunner } from '@beacon/projections';
import { createReadStore } from '@beacon/read-store';
import { QUERY_PROJECTIONS } from './projections/query-projections';

/** `npm run rebuild -- <projection>|all`: drops read models and replays the whole history into them. */
async function main(): Promise<void> {
  const wanted = process.argv[2];
  const names = QUERY_PROJECTIONS.map((p) => p.name);
  if (!wanted || (wanted !== 'all' && !names.includes(wanted))) {
    console.error(`usage: rebuild <${[...names, 'all'].join('|')}>`);
    process.exitCode = 2;
    return;
  }
  const config = loadPlatformConfig();
  const eventStore = await createEventStore({ eventstoreUrl: config.eventstoreUrl, sqlitePath: config.eventStorePath });
  const readStore = await createReadStore({ mongoUrl: config.mongoUrl, mongoDatabase: config.mongoDatabase, sqlitePath: config.readStorePath });
  const runner = new ProjectionRunner({ eventStore, readStore, projections: QUERY_PROJECTIONS });
  try {
    for (const name of wanted === 'all' ? names : [wanted]) {
      const started = Date.now();
      await runner.rebuild(name);
      console.log(`rebuilt ${name} up to position ${runner.position} in ${Date.now() - started} ms`);
    }
  } finally {
    await runner.stop();
    await readStore.close();
    await eventStore.close();
  }
}

void main();
