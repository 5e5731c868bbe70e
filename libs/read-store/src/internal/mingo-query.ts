import { Query } from 'mingo';
import { Document, Filter, InvalidQueryError, ProjectionSpec, SortSpec } from '../read-store';
import { isInclusionProjection } from './query-guard';

/** Scripts stay off: a filter is data from a caller, never code to run. */
const OPTIONS = { scriptEnabled: false } as const;

function invalid(error: unknown): InvalidQueryError {
  return new InvalidQueryError(error instanceof Error ? error.message : String(error));
}

export function compileFilter(filter: Filter): Query {
  try {
    return new Query(filter, OPTIONS);
  } catch (error) {
    throw invalid(error);
  }
}

export function matches(query: Query, document: Document): boolean {
  try {
    return query.test(document);
  } catch (error) {
    throw invalid(error);
  }
}

const EVERYTHING = new Query({}, OPTIONS);

/** Sorts with MongoDB's semantics, _id breaking ties as both adapters do, for sorts SQL cannot express. */
export function sortDocuments(documents: Document[], sort: SortSpec): Document[] {
  try {
    return EVERYTHING.find<Document>(documents).sort({ ...sort, _id: sort._id ?? 1 }).all() as Document[];
  } catch (error) {
    throw invalid(error);
  }
}

/** A projection of top-level fields: what lists ask for, and simple enough to apply by hand (mingo's costs more than the query). */
function projectTopLevel(documents: Document[], projection: ProjectionSpec): Document[] {
  const { _id: idFlag, ...fields } = projection;
  const names = Object.keys(fields);
  if (isInclusionProjection(projection)) {
    return documents.map((document) => {
      const projected: Record<string, unknown> = idFlag === 0 ? {} : { _id: document._id };
      for (const name of names) if (Object.hasOwn(document, name)) projected[name] = document[name];
      return projected as Document;
    });
  }
  return documents.map((document) => {
    const projected: Record<string, unknown> = { ...document };
    for (const name of names) delete projected[name];
    if (idFlag === 0) delete projected._id;
    return projected as Document;
  });
}

/** Applies an inclusion or exclusion projection to documents already selected. */
export function projectDocuments<T extends Document>(documents: Document[], projection: ProjectionSpec): T[] {
  if (!Object.keys(projection).some((path) => path.includes('.'))) return projectTopLevel(documents, projection) as T[];
  try {
    return EVERYTHING.find<Document>(documents, projection).all() as T[];
  } catch (error) {
    throw invalid(error);
  }
}
