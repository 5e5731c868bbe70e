import { AnyBulkWriteOperation, Db, MongoBulkWriteError } from 'mongodb';
import { Document, DocumentChange, ProjectedEvent } from '../../read-store';
import { assertChange, projectDocument } from '../../internal/projected-document';
import { fromStored, StoredDocument, StoredId, storedId, toStored, tombstone } from './mongodb-documents';
import { duplicateKeyError, isDuplicateKey, writeErrorsOf } from './mongodb-errors';
import { inWriteCommands } from './write-commands';

interface PlannedWrite {
  readonly change: DocumentChange;
  readonly id: StoredId;
  /** Position of the last event already reflected in the stored document (or tombstone). */
  storedPosition: number;
  existed: boolean;
  document: Document | null;
  position: number;
}

/**
 * Applies a batch without transactions. Documents are read once, changed in memory, and written
 * with a guard on `_pos`, so a write lands only if it carries a newer event than the stored
 * document: replaying events after a crash (before the checkpoint moved) changes nothing twice.
 * Returns the position the checkpoint may move to, or null when nothing was new.
 */
export async function applyMongoProjectionBatch(
  db: Db,
  checkpoint: number,
  events: readonly ProjectedEvent[],
): Promise<number | null> {
  const pending = events.filter(isNewAfter(checkpoint));
  if (pending.length === 0) return null;
  const plans = await loadPlans(db, pending);
  for (const event of pending) {
    for (const change of event.changes) {
      const plan = plans.get(planKey(change)) as PlannedWrite;
      if (event.position <= plan.storedPosition) continue;
      plan.document = projectDocument(change, plan.document);
      plan.position = event.position;
    }
  }
  await writePlans(db, [...plans.values()]);
  return pending[pending.length - 1].position;
}

/**
 * Applies one event's changes to the documents as they stand, whatever position they carry (a
 * parked event's retry). Each write is guarded on the `_pos` it read, so a batch landing meanwhile
 * is never overwritten: the retry reads again and reapplies on top of it.
 */
export async function reapplyMongoEvent(db: Db, event: ProjectedEvent, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const plans = await loadPlans(db, [event]);
    for (const change of event.changes) {
      const plan = plans.get(planKey(change)) as PlannedWrite;
      plan.document = projectDocument(change, plan.document);
      plan.position = Math.max(plan.storedPosition, event.position);
    }
    if (await writeReapplied(db, [...plans.values()])) return;
    if (attempt >= attempts) throw new Error(`Documents of event ${event.position} kept changing while it was reapplied`);
  }
}

/** True when every write landed on the document version it was computed from. */
async function writeReapplied(db: Db, plans: readonly PlannedWrite[]): Promise<boolean> {
  let landed = true;
  for (const plan of plans.filter((p) => p.document !== null || p.existed)) {
    const { change, position } = plan;
    const replacement = plan.document ? toStored(change.tenantId, plan.document, position) : tombstone(change.tenantId, change.id, position);
    const filter = plan.existed ? { _id: plan.id, _pos: plan.storedPosition } : { _id: plan.id };
    try {
      const result = await db.collection<StoredDocument>(change.collection).replaceOne(filter, replacement, { upsert: !plan.existed });
      if (plan.existed && result.matchedCount === 0) landed = false;
    } catch (error) {
      if (!isDuplicateKey(error as { code?: unknown })) throw error;
      landed = false;
    }
  }
  return landed;
}

function isNewAfter(checkpoint: number): (event: ProjectedEvent) => boolean {
  let last = checkpoint;
  return (event) => (event.position > last ? ((last = event.position), true) : false);
}

const planKey = (change: DocumentChange): string => `${change.collection}\u0000${change.tenantId}\u0000${change.id}`;

async function loadPlans(db: Db, events: readonly ProjectedEvent[]): Promise<Map<string, PlannedWrite>> {
  const plans = new Map<string, PlannedWrite>();
  for (const change of events.flatMap((event) => event.changes)) {
    if (plans.has(planKey(change))) continue;
    assertChange(change);
    const id = storedId(change.tenantId, change.id);
    plans.set(planKey(change), { change, id, storedPosition: 0, existed: false, document: null, position: 0 });
  }
  for (const [collection, group] of groupByCollection(plans.values())) {
    const stored = await db.collection<StoredDocument>(collection).find({ _id: { $in: group.map((plan) => plan.id) } }).toArray();
    for (const document of stored) {
      const id = document._id;
      const plan = plans.get(`${collection}\u0000${id.t}\u0000${id.i}`) as PlannedWrite;
      plan.existed = true;
      plan.storedPosition = typeof document._pos === 'number' ? document._pos : 0;
      plan.document = document._deleted === false ? fromStored(document) : null;
    }
  }
  return plans;
}

function groupByCollection(plans: Iterable<PlannedWrite>): Map<string, PlannedWrite[]> {
  const groups = new Map<string, PlannedWrite[]>();
  for (const plan of plans) {
    const group = groups.get(plan.change.collection);
    if (group) group.push(plan);
    else groups.set(plan.change.collection, [plan]);
  }
  return groups;
}

function guardedReplace(plan: PlannedWrite): AnyBulkWriteOperation<StoredDocument> {
  const { change, position } = plan;
  const replacement = plan.document
    ? toStored(change.tenantId, plan.document, position)
    : tombstone(change.tenantId, change.id, position);
  const filter = { _id: plan.id, _tenant: change.tenantId, $or: [{ _pos: { $lt: position } }, { _pos: { $exists: false } }] };
  return { replaceOne: { filter, replacement, upsert: true } };
}

/** Collections of derived documents first (DocumentChange.derived): a crash before the others leaves nothing to count twice. */
function derivedFirst(groups: Map<string, PlannedWrite[]>): [string, PlannedWrite[]][] {
  const derived = (group: readonly PlannedWrite[]) => (group.some((plan) => plan.change.derived) ? 0 : 1);
  return [...groups].sort(([, a], [, b]) => derived(a) - derived(b));
}

async function writePlans(db: Db, plans: readonly PlannedWrite[]): Promise<void> {
  const changed = plans.filter((plan) => plan.position > 0 && (plan.document !== null || plan.existed));
  for (const [collection, group] of derivedFirst(groupByCollection(changed))) {
    await inWriteCommands(group, async (command) => {
      try {
        await db.collection<StoredDocument>(collection).bulkWrite(command.map(guardedReplace), { ordered: false });
      } catch (error) {
        if (!(error instanceof MongoBulkWriteError)) throw error;
        await settleWriteErrors(db, collection, command, error);
      }
    });
  }
}

/**
 * A guarded upsert whose guard fails tries to insert the same _id and gets a duplicate key: the
 * document already holds this event or a later one, which is success. Any other duplicate key is a
 * real unique-index violation.
 */
async function settleWriteErrors(db: Db, collection: string, group: readonly PlannedWrite[], error: MongoBulkWriteError) {
  if (error.writeConcernError) throw error;
  for (const writeError of writeErrorsOf(error)) {
    if (!isDuplicateKey(writeError)) throw error;
    const plan = group[writeError.index];
    const stored = await db.collection<StoredDocument>(collection).findOne({ _id: plan.id }, { projection: { _pos: 1 } });
    const applied = typeof stored?._pos === 'number' && stored._pos >= plan.position;
    if (!applied) throw duplicateKeyError(collection, writeError.errmsg);
  }
}
