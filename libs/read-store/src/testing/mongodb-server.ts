import { MongoClient } from 'mongodb';
import { Capability, ServerProfile } from './contract/capabilities';

/** What FerretDB 1.24 was seen to lack, on its PostgreSQL and SQLite backends alike; docs/ferretdb.md has the details. */
const FERRETDB_LACKS: ReadonlySet<Capability> = new Set(['elemMatchOnSubdocuments', 'pullByCondition']);

/** Asks the server who it is: FerretDB answers buildInfo with its own `ferretdbVersion` field. */
export async function mongoServerProfile(url: string): Promise<ServerProfile> {
  const client = await MongoClient.connect(url, { serverSelectionTimeoutMS: 10_000 });
  try {
    const info = await client.db('admin').command({ buildInfo: 1 });
    if (typeof info.ferretdbVersion === 'string') return { name: `FerretDB ${info.ferretdbVersion}`, lacks: FERRETDB_LACKS };
    return { name: `MongoDB ${String(info.version)}`, lacks: new Set() };
  } finally {
    await client.close();
  }
}
