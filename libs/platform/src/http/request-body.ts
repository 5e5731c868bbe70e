import { UnsupportedMediaTypeException } from '@nestjs/common';
import { ROUTE_SCHEMAS, ROUTES, routePattern, type RouteName } from '@beacon/contracts';
import { BIDI_CONTROL_IN_NAME, DISPLAY_NAME_FIELDS, hasBidiControl, validationError, withoutControlCharacters } from '@beacon/domain';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** Largest JSON body read; file uploads are multipart and keep their own, larger limits. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** Deepest nesting of objects and lists a JSON body may have; no request of the API needs more than a few levels. */
export const JSON_BODY_MAX_DEPTH = 64;

export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large: at most 1 MB of JSON is accepted.';
export const BODY_TOO_DEEP_MESSAGE = `The request body is nested too deeply: at most ${JSON_BODY_MAX_DEPTH} levels of objects and lists are accepted.`;
export const BODY_NOT_OBJECT_OR_LIST_MESSAGE = 'JSON parse error - the request body must be a JSON object or list.';
export const BODY_WITHOUT_CONTENT_TYPE_MESSAGE =
  'The request has a body but no Content-Type. Send application/json, or multipart/form-data to upload a file.';
export const unsupportedMediaTypeMessage = (type: string) =>
  `Unsupported media type "${type.slice(0, 100)}" in request. Send application/json, or multipart/form-data to upload a file.`;
export const unsupportedCharsetMessage = (charset: string) =>
  `Unsupported charset "${charset.slice(0, 40)}" in request: send JSON as UTF-8.`;
export const UNSUPPORTED_ENCODING_MESSAGE = 'Unsupported Content-Encoding in request: send the body as it is, or compressed with gzip or deflate.';
export const REQUEST_UNREADABLE_MESSAGE = 'The request could not be read: its body was cut short or not encoded as it says.';

const JSON_TYPE = 'application/json';
const ACCEPTED_TYPES = [JSON_TYPE, 'multipart/form-data'];
const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * The routes whose schemas take a form (the providers' callbacks): only these read one. The route's
 * pattern with its trailing slash optional, as Express matches it.
 */
const FORM_ROUTES = (Object.keys(ROUTES) as RouteName[])
  .filter((name) => ROUTE_SCHEMAS[name].form !== undefined)
  .map((name) => ({ method: ROUTES[name].method, pattern: new RegExp(routePattern(ROUTES[name]).replace(/\/?\$$/, '/?$')) }));

const takesForm = (request: Request) => FORM_ROUTES.some((route) => route.method === request.method && route.pattern.test(request.path));

/** Clients send `Content-Length: 0` with a POST that carries nothing (a logout); that is no body. */
const hasBody = (request: Request) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * A request with a body names a type the API reads: JSON, or multipart for file uploads (read by
 * each upload route). Anything else (form-encoded, XML, text) would reach a handler as an empty body.
 */
function requireReadableType(request: Request, _response: Response, next: NextFunction): void {
  if (!hasBody(request) || request.is(ACCEPTED_TYPES) || (takesForm(request) && request.is(FORM_TYPE))) return next();
  const type = request.headers['content-type'];
  next(new UnsupportedMediaTypeException({ detail: type ? unsupportedMediaTypeMessage(type) : BODY_WITHOUT_CONTENT_TYPE_MESSAGE }));
}

/**
 * The nesting depth of a JSON text, counted before parsing: JSON.parse with a reviver recurses
 * once per level, so a megabyte of `[[[[…` would overflow the stack instead of being refused.
 */
function exceedsDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/** The body's top-level fields holding, at any depth, a name with a bidirectional control character. */
function namesWithBidiControls(body: object): string[] {
  const offending = new Set<string>();
  for (const [topField, topValue] of Object.entries(body)) {
    const pending: [string, unknown][] = [[topField, topValue]];
    while (pending.length) {
      const [field, value] = pending.pop()!;
      if (typeof value === 'string') {
        if (DISPLAY_NAME_FIELDS.has(field) && hasBidiControl(value)) offending.add(topField);
      } else if (typeof value === 'object' && value !== null) pending.push(...Object.entries(value));
    }
  }
  return [...offending];
}

/** Control characters leave every string of the body as it is parsed (JSON.parse defines the result's own properties, so `__proto__` keys stay data). */
const stripControlCharacters = (_key: string, value: unknown) => (typeof value === 'string' ? withoutControlCharacters(value) : value);

/** The JSON text of each request as it arrived, for the routes that check a signature over it. */
const RAW_BODIES = new WeakMap<Request, string>();

/** The body of a JSON request as the client sent it, before parsing (undefined for any other request). */
export const rawJsonBodyOf = (request: Request): string | undefined => RAW_BODIES.get(request);

/** The form text of each request to a route that takes one, as it arrived (a provider signed it so). */
const RAW_FORMS = new WeakMap<Request, string>();

/** The body of a form request as the provider sent it (undefined for any other request). */
export const rawFormBodyOf = (request: Request): string | undefined => RAW_FORMS.get(request);

/**
 * Keeps the form text read by `readFormText` for the signature check, and gives the handler its fields
 * (a repeated field as a list; `__proto__` stays a field, as in JSON). The text rules are the route's
 * to apply to what it keeps: the signature covers the text as sent.
 */
function parseForm(request: Request, _response: Response, next: NextFunction): void {
  const text: unknown = request.body;
  if (typeof text !== 'string' || !request.is(FORM_TYPE)) return next();
  RAW_FORMS.set(request, text);
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const existing = Object.hasOwn(fields, key) ? fields[key] : undefined;
    Object.defineProperty(fields, key, {
      value: existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  request.body = fields;
  next();
}

/** Parses the JSON text read by `readJsonText` and applies the text rules (libs/domain/src/shared/text-rules.ts). */
function parseJson(request: Request, _response: Response, next: NextFunction): void {
  const text: unknown = request.body;
  if (typeof text !== 'string') return next();
  RAW_BODIES.set(request, text);
  // An empty body with a JSON type is a common client habit (a DELETE without data): no fields.
  if (!text.trim()) {
    request.body = {};
    return next();
  }
  if (exceedsDepth(text, JSON_BODY_MAX_DEPTH)) return next(validationError(BODY_TOO_DEEP_MESSAGE));
  let body: unknown;
  try {
    body = JSON.parse(text, stripControlCharacters);
  } catch (error) {
    return next(validationError(`JSON parse error - ${(error as Error).message}`));
  }
  if (typeof body !== 'object' || body === null) return next(validationError(BODY_NOT_OBJECT_OR_LIST_MESSAGE));
  const badNames = namesWithBidiControls(body);
  if (badNames.length) return next(validationError(BIDI_CONTROL_IN_NAME, Object.fromEntries(badNames.map((field) => [field, [BIDI_CONTROL_IN_NAME]]))));
  request.body = body;
  next();
}

/**
 * How every process reads request bodies (instead of Nest's default parsers): JSON, at most
 * 1 MB and 64 levels deep, control characters dropped and names with bidirectional controls
 * refused; multipart is left to the upload routes; a form only for the routes that take one. Failures are HTTP errors the error filter
 * answers as `{detail}` (413, 415, 400), never 500.
 */
export function requestBodyRules(): RequestHandler[] {
  // Read as text (body-parser still inflates, checks the charset and enforces the limit), so the depth is checked before parsing.
  const readJsonText = express.text({ type: JSON_TYPE, limit: JSON_BODY_LIMIT_BYTES });
  // A form only where a route takes one (anything else answered 415 above); the same limit.
  const readFormText = express.text({ type: (request) => takesForm(request as Request) && (request as Request).is(FORM_TYPE) !== false, limit: JSON_BODY_LIMIT_BYTES });
  return [requireReadableType, readJsonText, readFormText, parseForm, parseJson];
}
