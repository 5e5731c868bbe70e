import type { PipeTransform } from '@nestjs/common';
import {
  BLANK,
  NOT_A_BOOLEAN,
  NOT_A_LIST,
  NOT_A_STRING,
  NOT_AN_INTEGER,
  NOT_AN_OBJECT,
  NULL,
  REQUIRED,
  notAChoice,
  tooLong,
  validationError,
} from '@beacon/domain';
import { z } from 'zod';
import { BODY_TOO_DEEP_MESSAGE, JSON_BODY_MAX_DEPTH } from './request-body';

/** The detail of a 400 from a schema, when the route names none: the first field message, as the deciders answer. */
export const INVALID_REQUEST_MESSAGE = 'The request is not valid.';

/** zod's expected types, told in the domain's words (libs/domain/src/shared/field-messages.ts). */
const NOT_OF_TYPE: Readonly<Record<string, string>> = {
  string: NOT_A_STRING,
  boolean: NOT_A_BOOLEAN,
  number: NOT_AN_INTEGER,
  int: NOT_AN_INTEGER,
  array: NOT_A_LIST,
  object: NOT_AN_OBJECT,
  record: NOT_AN_OBJECT,
};

/**
 * The message of an issue that its schema gave no `error` of its own for: the texts the API answered
 * before the schemas parsed requests. Anything else keeps zod's message.
 */
function domainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return REQUIRED;
      if (issue.input === null) return NULL;
      return NOT_OF_TYPE[issue.expected];
    case 'too_big':
      return issue.origin === 'string' ? tooLong(Number(issue.maximum)) : undefined;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1 ? BLANK : undefined;
    case 'invalid_value':
      return issue.input === undefined ? REQUIRED : notAChoice(issue.input);
    default:
      return undefined;
  }
}

/** Where in the field a nested issue is (`0.values.2`), before its message; a top-level field's message stands alone. */
const located = (path: readonly PropertyKey[], message: string) =>
  path.length > 1 ? `${path.slice(1).map(String).join('.')}: ${message}` : message;

/**
 * The issues as the API's 400: `{detail, <field>: [messages]}`, each message under the top-level field
 * it is about; with `fieldsOf`, the issues inside that member of the body are under their own names.
 */
export function zodIssuesError(issues: readonly z.core.$ZodIssue[], { detail, fieldsOf }: ZodPipeOptions = {}) {
  const fields: Record<string, string[]> = {};
  let firstMessage: string | undefined;
  for (const issue of issues) {
    const path = fieldsOf !== undefined && issue.path.length > 1 && issue.path[0] === fieldsOf ? issue.path.slice(1) : issue.path;
    const [field] = path;
    firstMessage ??= issue.message;
    if (field === undefined) continue;
    (fields[String(field)] ??= []).push(located(path, issue.message));
  }
  return validationError(detail ?? firstMessage ?? INVALID_REQUEST_MESSAGE, fields);
}

/** Whether a parsed JSON value nests objects and lists deeper than `maxDepth` (counted without recursion). */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Anything but an object (a list, null, a number, no body at all) has no named values: it reads as `{}`. */
const asObject = (value: unknown): object => (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {});

export interface ZodPipeOptions {
  /** The 400's `detail` (the decider's own for the same request, e.g. 'Invalid form.'); the first field message when left out. */
  readonly detail?: string;
  /** A member of the body that wraps the fields (a template's `data`): the messages about its fields go under their own names. */
  readonly fieldsOf?: string;
}

/**
 * Parses a request's body or query string with the route's zod schema from libs/contracts: the
 * handler receives the schema's output, and a request the schema refuses answers 400 in the API's
 * shape with the domain's texts. Nothing nested deeper than a JSON body may be reaches a handler:
 * neither what the pipe is given nor what the schema made of it (JSON text in a multipart field,
 * such as `file_data`, is parsed by its schema and never read by the body rules).
 */
abstract class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.output<T>> {
  constructor(
    readonly schema: T,
    private readonly options: ZodPipeOptions = {},
  ) {}

  transform(value: unknown): z.output<T> {
    const input = asObject(value);
    if (nestsDeeperThan(input, JSON_BODY_MAX_DEPTH)) throw validationError(BODY_TOO_DEEP_MESSAGE);
    const result = this.schema.safeParse(input, { error: domainMessage });
    if (!result.success) throw zodIssuesError(result.error.issues, this.options);
    if (nestsDeeperThan(result.data, JSON_BODY_MAX_DEPTH)) throw validationError(BODY_TOO_DEEP_MESSAGE);
    return result.data;
  }
}

/** `@Body(new ZodBodyPipe(Schema))`: the JSON body (or a multipart form's text fields) as the schema parses it. */
export class ZodBodyPipe<T extends z.ZodType> extends ZodPipe<T> {}

/** `@Query(new ZodQueryPipe(Schema))`: the query string as the schema parses it. */
export class ZodQueryPipe<T extends z.ZodType> extends ZodPipe<T> {}
