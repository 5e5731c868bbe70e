import 'reflect-metadata';
import { createEventStore } from '@beacon/event-store';
import { loadPlatformConfig } from '@beacon/platform';
import { createReadStore } from '@beacon/read-store';
import { QUERY_PROJECTIONS } from './query-projections';
import { rebuildReadModels } from './shared/projections/read-model-rebuild';

/**
 * `npm run rebuild -- <projection>|all`: drops read models and replays the whole history into them.
 * The write side's state in the read store (credentials, token owners, outboxes) is left as it is.
 */
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
  try {
    await rebuildReadModels(wanted === 'all' ? names : [wanted], {
      eventStore,
      readStore,
      projections: QUERY_PROJECTIONS,
      onRebuilt: (name, position, elapsedMs) => console.log(`rebuilt ${name} up to position ${position} in ${elapsedMs} ms`),
    });
  } finally {
    await readStore.close();
    await eventStore.close();
  }
}

void main();
