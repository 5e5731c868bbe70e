import { Document, DocumentChange, ProjectedEvent, ReadStore } from '../../read-store';

export type StoreProvider = () => ReadStore;

export const TENANT_A = 'tenant-a';
export const TENANT_B = 'tenant-b';
export const INTERNAL_FIELDS = ['_tenant', '_pos', '_deleted'];

export const PEOPLE: Document[] = [
  {
    _id: 'p1',
    name: 'Ada',
    age: 36,
    city: 'London',
    tags: ['math', 'code'],
    address: { zip: '100', country: 'UK' },
    skills: [
      { name: 'math', level: 5 },
      { name: 'poetry', level: 2 },
    ],
  },
  {
    _id: 'p2',
    name: 'Alan',
    age: 41,
    city: 'Manchester',
    tags: ['code'],
    address: { zip: '200', country: 'UK' },
    skills: [{ name: 'code', level: 5 }],
  },
  { _id: 'p3', name: 'Grace', age: 85, city: 'New York', tags: ['navy', 'code'], address: { zip: '300', country: 'US' }, skills: [] },
  { _id: 'p4', name: 'Linus', age: 28, city: 'Helsinki', tags: [], address: { zip: '400', country: 'FI' }, nickname: null },
  { _id: 'p5', name: 'Barbara', age: 41, city: 'London', address: { zip: '500', country: 'UK' }, retired: true },
];

export async function seedPeople(store: ReadStore, tenantId = TENANT_A): Promise<void> {
  const people = store.scope(tenantId).collection('people');
  for (const person of PEOPLE) await people.upsert(structuredClone(person));
}

export function person(id: string): Document {
  const found = PEOPLE.find((candidate) => candidate._id === id);
  if (!found) throw new Error(`No fixture person ${id}`);
  return structuredClone(found);
}

export const ids = (documents: readonly Document[]): string[] => documents.map((document) => document._id);

export interface Counter extends Document {
  readonly count: number;
  readonly label?: string;
}

/** An $inc-style change: applying it twice would show as a wrong count. */
export function increment(tenantId: string, id: string, by = 1, collection = 'counters'): DocumentChange {
  return {
    collection,
    tenantId,
    id,
    apply: (current) => ({ ...current, _id: id, count: ((current?.count as number | undefined) ?? 0) + by }),
  };
}

export function label(tenantId: string, id: string, text: string, collection = 'counters'): DocumentChange {
  return { collection, tenantId, id, apply: (current) => ({ count: 0, ...current, _id: id, label: text }) };
}

export function remove(tenantId: string, id: string, collection = 'counters'): DocumentChange {
  return { collection, tenantId, id, apply: () => null };
}

export const event = (position: number, ...changes: DocumentChange[]): ProjectedEvent => ({ position, changes });
