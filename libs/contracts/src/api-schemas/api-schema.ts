/**
 * What each route of the route table takes and answers, as zod schemas: the request body, the query
 * string and the path parameters it reads, and the answers it gives. One description serves two
 * readers: libs/platform builds the OpenAPI document (`/api/docs`) from it, and controllers can parse
 * requests with it at the edge. The schemas say what the API accepts today (the deciders' rules:
 * types, required fields, limits); the texts of the errors stay in the domain.
 *
 * Request objects are `z.object`: keys the API does not read are dropped, as the controllers ignore
 * them today (the console sends a few, such as an `id` repeating the URL's).
 */
import { BLANK, ORDER_INVALID, Refused, REQUIRED } from '@beacon/domain';
import { z } from 'zod';

/** Metadata of a schema in the document: `id` names it under components.schemas, `description` explains it. */
export interface ApiSchemaMeta {
  readonly id?: string;
  readonly description?: string;
}

/**
 * The schemas of the API with their names and descriptions. Its own registry rather than zod's global
 * one, so that nothing else in the process (or a second copy of this module) can clash with its names.
 */
export const API_SCHEMA_REGISTRY = z.registry<ApiSchemaMeta>();

/** A schema with a name: the document lists it once under components.schemas and refers to it. */
export function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  API_SCHEMA_REGISTRY.add(schema, description === undefined ? { id } : { id, description });
  return schema;
}

/** A schema with a description the document shows where it is used. */
export function described<T extends z.ZodType>(schema: T, description: string): T {
  API_SCHEMA_REGISTRY.add(schema, { description });
  return schema;
}

// ---------------------------------------------------------------------------------------------
// Values that many requests share
// ---------------------------------------------------------------------------------------------

/**
 * A required string field of the sign-in and password calls: anything but blank, kept as sent. Any
 * other value (left out, null, a number, blank) is "This field is required.", as these calls always said.
 */
export const nonBlankString = () => z.string({ error: REQUIRED }).regex(/\S/, { error: REQUIRED });

/** Text the caller must give: trimmed, then not blank and at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** Text the caller may leave out or send as null: trimmed, at most `max` characters. */
export const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** The id of something of the organisation's (a field, a form, a field group): a string that is not blank. */
export const referenceId = () => z.string().regex(/\S/, { error: BLANK });

/** An ordering key (libs/domain ordering-keys): lowercase letters a-z; lists sort by it as text. */
export const OrderingKeySchema = described(
  z.string().regex(/^[a-z]+$/),
  'An ordering key: one or more lowercase letters a-z. Lists sort by it as text; a key between two others places an item between them.',
);

/** `order` of a move: a key the caller must give. */
export const requiredOrder = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : ORDER_INVALID) })
    .regex(/^[a-z]+$/, { error: ORDER_INVALID });

/**
 * A value that its decider checks together with the rest of the request (libs/domain `Checked`):
 * parsed by `schema`, or, where the schema refuses it, `Refused` with the messages, which the decider
 * answers along with its own (a name already taken, an id the organisation does not have), so one
 * answer names every problem of the request. The API document shows what `schema` takes.
 */
export function checked<T extends z.ZodType>(schema: T): Checked<T> {
  // Left out stays left out (an optional value is optional in the request's type too); anything else is parsed.
  if (schema instanceof z.ZodOptional) return checked(schema.unwrap() as z.ZodType).optional() as Checked<T>;
  return schema.catch((context) => new Refused(context.error.issues.map((issue) => issue.message)) as z.output<T>) as unknown as Checked<T>;
}

type CheckedValue<T extends z.ZodType> = z.ZodType<z.output<T> | Refused, z.input<T>>;
type Checked<T extends z.ZodType> = T extends z.ZodOptional<infer Inner extends z.ZodType> ? z.ZodOptional<CheckedValue<Inner>> : CheckedValue<T>;

/**
 * The filters of a read that its reader checks itself, answering every problem of the request at once
 * with its own texts (the incident list's criteria, the activity log's filters): the document shows
 * what each schema takes; a value a schema refuses is passed on as sent, for the reader to answer.
 */
export function checkedByReader<S extends Readonly<Record<string, z.ZodType>>>(shape: S) {
  const passedOn = (schema: z.ZodType) => schema.catch((context: { input: unknown }) => context.input);
  const fields = Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, passedOn(schema)]));
  return z.object(fields as unknown as { [K in keyof S]: z.ZodType<unknown, z.input<S[K]>> });
}

/** `order` of a create that its decider checks: a key, or left out, null or '' for after the last. */
export const checkedOrder = () =>
  described(
    checked(z.string({ error: ORDER_INVALID }).regex(/^[a-z]*$/, { error: ORDER_INVALID }).nullable()).optional(),
    'An ordering key; left out, null or "" places the item after the last.',
  );

/** A whole number in a query string (digits; blank counts as absent). */
export const queryInteger = (description: string) => described(z.string().regex(/^\s*\d*\s*$/), description);

/**
 * A yes/no switch in a query string: on when its text is one `isOn` accepts; left out, or anything
 * else (a repeated parameter included), off.
 */
export const queryFlag = (description: string, isOn: (text: string) => boolean = (text) => text === 'true') =>
  described(z.string(), description)
    .optional()
    .catch(undefined)
    .transform((text) => text !== undefined && isOn(text));

// ---------------------------------------------------------------------------------------------
// Answers that many routes share
// ---------------------------------------------------------------------------------------------

export const DetailResponseSchema = named('DetailResponse', z.object({ detail: z.string() }), 'A message about what was done.');

/**
 * Every error answer (the error filter of libs/platform): `detail` says what went wrong; a 400 adds a
 * list of messages under each field it is about (`{"detail": …, "name": ["This field is required."]}`),
 * and some errors add more (an incident save's `missing` or `rule_errors`, a 409's `incident`).
 */
export const ErrorResponseSchema = named(
  'ErrorResponse',
  z.object({ detail: z.string() }).catchall(z.unknown()),
  'An error: `detail` says what went wrong; on a 400, each field the request got wrong has its list of messages under its own name.',
);

export const StringListSchema = named('StringList', z.array(z.string()), 'A list of ids.');

// ---------------------------------------------------------------------------------------------
// A route's description
// ---------------------------------------------------------------------------------------------

/** One answer of a route: JSON of `schema`, a file of media type `file`, or nothing (204, 202 without body). */
export interface ApiAnswer {
  readonly description: string;
  readonly schema?: z.ZodType;
  /** The media type of a file answered as it is ('*\/*' for a stored file of any type), or each type it may have. */
  readonly file?: string | readonly string[];
  /** Response headers the answer carries, beyond those every answer of its app carries. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Error statuses the API answers (see libs/platform's error filter); the document lists them per route. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429;

export interface RouteSchemas {
  readonly summary: string;
  readonly description?: string;
  /** The JSON body. */
  readonly body?: z.ZodType;
  /** Whether a request must carry the body (most that take one must). */
  readonly bodyOptional?: boolean;
  /** A multipart/form-data body (uploads); a route may take JSON too. */
  readonly multipart?: z.ZodType;
  /**
   * An application/x-www-form-urlencoded body (a provider's callback): the platform reads it only for the
   * routes that name one here, and keeps its text as sent for the signature check.
   */
  readonly form?: z.ZodType;
  /** Query string parameters, each a string (or a list of them, when repeated). */
  readonly query?: z.ZodObject;
  /** Query string parameters whose value is JSON text, parsed and checked as the schema says. */
  readonly jsonQuery?: Readonly<Record<string, z.ZodType>>;
  /** Path parameters with a rule of their own; the others are any one path segment. */
  readonly params?: z.ZodObject;
  /** Success answers by status. */
  readonly responses: Readonly<Partial<Record<number, ApiAnswer>>>;
  /** Error answers particular to the route (the document adds those every route of its kind may give). */
  readonly errors?: Readonly<Partial<Record<ErrorStatus, ApiAnswer>>>;
}

/** The routes of one feature (one `*.routes.ts` file) and the heading the document groups them under. */
export interface ApiFeature<K extends string> {
  readonly tag: string;
  readonly description: string;
  readonly routes: Readonly<Record<K, RouteSchemas>>;
}

/** A JSON answer. */
export const json = (schema: z.ZodType, description: string): ApiAnswer => ({ description, schema });

/** 204 No Content. */
export const noContent = (description: string): Readonly<Partial<Record<number, ApiAnswer>>> => ({ 204: { description } });
