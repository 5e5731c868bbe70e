import { createHash } from 'node:crypto';
import { NotFoundException, type INestApplication } from '@nestjs/common';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import {
  API_FEATURES,
  API_SCHEMA_REGISTRY,
  ErrorResponseSchema,
  EVENT_POSITION_HEADER,
  PROJECTION_POSITION_HEADER,
  READ_POSITION_HEADER,
  ROUTE_SCHEMAS,
  ROUTES,
  type ApiAnswer,
  type ErrorStatus,
  type RouteDefinition,
  type RouteDocumentation,
  type RouteName,
} from '@beacon/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../commands/idempotency-key';

/** Swagger UI, and the OpenAPI document it shows. Public: neither needs a token. */
export const API_DOCS_PATH = '/api/docs';
export const API_DOCUMENT_PATH = '/api/docs-json';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';
const TOKEN_AUTH = 'tokenAuth';
/** The platform's operators' calls (platform.routes.ts): `Authorization: Platform <PLATFORM_API_KEY>`. */
const PLATFORM_KEY = 'platformKey';

// ---------------------------------------------------------------------------------------------
// Schemas: zod → JSON Schema (draft 2020-12, which OpenAPI 3.1 takes as it is)
// ---------------------------------------------------------------------------------------------

/** Requests are read as their schemas' input (what a client sends; keys a route does not read are allowed). */
/**
 * A value its decider checks with the rest of the request (contracts' `checked`) catches what its
 * schema refuses; zod cannot write such a catch as a default, so the document shows what it takes.
 */
const CONVERSION = { io: 'input', metadata: API_SCHEMA_REGISTRY, unrepresentable: 'any' } as const;

/** Every named schema, as components.schemas. */
function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(API_SCHEMA_REGISTRY, { ...CONVERSION, uri: (id) => `${COMPONENTS}${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]));
}

/**
 * A schema where an operation uses it: a reference when it is named, else inline, its named parts
 * referring to components (zod puts them under $defs; components hold them already).
 */
function schemaOf(schema: z.ZodType, components: Readonly<Record<string, JsonSchema>>): JsonSchema {
  const id = API_SCHEMA_REGISTRY.get(schema)?.id;
  if (id !== undefined) return { $ref: `${COMPONENTS}${id}` };
  const { $schema: _dialect, $defs, ...inline } = z.toJSONSchema(schema, CONVERSION);
  for (const name of Object.keys($defs ?? {}))
    if (!components[name]) throw new Error(`The API document has no component ${name} for a schema it refers to`);
  return JSON.parse(JSON.stringify(inline).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as JsonSchema;
}

/** The properties of an object schema (query string, path parameters), each with whether it is required. */
function propertiesOf(schema: z.ZodObject, components: Readonly<Record<string, JsonSchema>>): { name: string; required: boolean; schema: JsonSchema }[] {
  const object = schemaOf(schema, components) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    required: object.required?.includes(name) ?? false,
    schema: property,
  }));
}

/** A parameter, its schema's description as its own. */
function parameter(location: 'query' | 'path' | 'header', name: string, required: boolean, { description, ...schema }: JsonSchema): JsonSchema {
  return { name, in: location, required, ...(typeof description === 'string' ? { description } : {}), schema };
}

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

/** `/api/user/:id/` → `/api/user/{id}/` */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

const pathParameterNames = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);

function parametersOf(route: RouteDefinition, docs: RouteDocumentation, components: Readonly<Record<string, JsonSchema>>): JsonSchema[] {
  const declared = new Map(docs.params ? propertiesOf(docs.params, components).map((param) => [param.name, param.schema]) : []);
  const path = pathParameterNames(route.path).map((name) => parameter('path', name, true, declared.get(name) ?? { type: 'string' }));
  const query = docs.query ? propertiesOf(docs.query, components).map((param) => parameter('query', param.name, param.required, param.schema)) : [];
  const jsonQuery = Object.entries(docs.jsonQuery ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: false,
    description: 'JSON text.',
    content: { 'application/json': { schema: schemaOf(schema, components) } },
  }));
  // A provider's callback (dispatch-worker) takes neither: the provider repeats it as it likes, and reads nothing back.
  const header =
    route.app === 'command-api'
      ? [
          parameter('header', IDEMPOTENCY_KEY_HEADER, false, {
            type: 'string',
            description: "The client's name for this request: a retry with the same key and body answers what the first one did, and records nothing again.",
          }),
        ]
      : route.app === 'query-api'
        ? [
            parameter('header', READ_POSITION_HEADER, false, {
              type: 'integer',
              minimum: 1,
              description: 'The X-Event-Position of your last write: the read waits (briefly) until the read models have reached it.',
            }),
          ]
        : [];
  return [...path, ...query, ...jsonQuery, ...header];
}

function requestBodyOf(docs: RouteDocumentation, components: Readonly<Record<string, JsonSchema>>): JsonSchema | undefined {
  const content: Record<string, JsonSchema> = {};
  if (docs.body) content['application/json'] = { schema: schemaOf(docs.body, components) };
  if (docs.multipart) content['multipart/form-data'] = { schema: schemaOf(docs.multipart, components) };
  if (docs.form) content['application/x-www-form-urlencoded'] = { schema: schemaOf(docs.form, components) };
  if (!Object.keys(content).length) return undefined;
  return { required: docs.bodyOptional !== true, content };
}

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });

/** The header every answer of the route's app carries (none for a provider's callback). */
const positionHeader = (route: RouteDefinition) =>
  route.app === 'command-api'
    ? { [EVENT_POSITION_HEADER]: integerHeader('The position of the last event the call recorded: send it as X-Read-Position to read your write.') }
    : route.app === 'query-api'
      ? { [PROJECTION_POSITION_HEADER]: integerHeader('The position the read models had reached when they answered.') }
      : {};

function answer(spec: ApiAnswer, components: Readonly<Record<string, JsonSchema>>, headers: Record<string, unknown> = {}): JsonSchema {
  const own = Object.fromEntries(Object.entries(spec.headers ?? {}).map(([name, description]) => [name, integerHeader(description)]));
  const allHeaders = { ...headers, ...own };
  const content = spec.schema
    ? { 'application/json': { schema: schemaOf(spec.schema, components) } }
    : spec.file
      ? Object.fromEntries([spec.file].flat().map((type) => [type, { schema: { type: 'string', format: 'binary' } }]))
      : undefined;
  return { description: spec.description, ...(Object.keys(allHeaders).length ? { headers: allHeaders } : {}), ...(content ? { content } : {}) };
}

/**
 * The errors a route may answer by what it is (libs/platform's error filter answers them all as
 * ErrorResponse): 400 when it reads input, 401 unless public, 403 for its guard, 404 for what its
 * path names, 409 and 422 for writes, 413 and 415 when it reads a body.
 */
function errorsOf(route: RouteDefinition, docs: RouteDocumentation): Partial<Record<ErrorStatus, ApiAnswer>> {
  const readsBody = docs.body !== undefined || docs.multipart !== undefined || docs.form !== undefined;
  const readsInput = readsBody || docs.query !== undefined || docs.jsonQuery !== undefined || docs.params !== undefined;
  const write = route.app === 'command-api';
  const errors: Partial<Record<ErrorStatus, ApiAnswer>> = {};
  if (readsInput) errors[400] = { description: 'The request is not valid: `detail` says why, with the messages of each field under its name.' };
  if (!route.public) errors[401] = { description: 'No token, or an unknown, revoked or expired one.' };
  if (route.guard) errors[403] = { description: "The caller's role, or their organisation's permissions, do not allow this." };
  if (pathParameterNames(route.path).length) errors[404] = { description: "Not found, or not in the caller's organisation or reach." };
  if (write) errors[409] = { description: 'Changed by someone else at the same time: read it again and retry.' };
  if (readsBody) {
    errors[413] = { description: 'The body is too large: at most 1 MB of JSON; files up to the limit of the route.' };
    errors[415] = {
      description: docs.form
        ? 'The body is neither a form (application/x-www-form-urlencoded) nor JSON.'
        : 'The body is neither JSON (in UTF-8) nor, for uploads, multipart/form-data.',
    };
  }
  if (write) errors[422] = { description: 'The Idempotency-Key was used before with a different request.' };
  for (const [status, spec] of Object.entries(docs.errors ?? {})) errors[Number(status) as ErrorStatus] = spec;
  return errors;
}

function operationOf(name: RouteName, route: RouteDefinition, components: Readonly<Record<string, JsonSchema>>): Operation {
  const docs = ROUTE_SCHEMAS[name];
  const responses: Record<string, JsonSchema> = {};
  for (const [status, spec] of Object.entries(docs.responses)) if (spec) responses[status] = answer(spec, components, positionHeader(route));
  for (const [status, spec] of Object.entries(errorsOf(route, docs)))
    responses[status] = answer({ schema: ErrorResponseSchema, ...spec }, components);
  const requestBody = requestBodyOf(docs, components);
  return {
    operationId: name,
    tags: [docs.tag],
    summary: docs.summary,
    ...(docs.description ? { description: docs.description } : {}),
    parameters: parametersOf(route, docs, components),
    ...(requestBody ? { requestBody } : {}),
    responses,
    security: route.platform ? [{ [PLATFORM_KEY]: [] }] : route.public ? [] : [{ [TOKEN_AUTH]: [] }],
  };
}

const DESCRIPTION = [
  'Every route of the platform, from its route table (`libs/contracts/src/routes`) and the zod schemas of its requests and answers (`libs/contracts/src/api-schemas`).',
  '',
  'Sign in with `POST /api/rest-auth/login/` and send the key it answers as `Authorization: Token <key>` (in **Authorize** below, enter `Token <key>`).',
  'Errors answer `{"detail": "…"}`; a 400 adds the messages of each field under its name.',
  'Writes answer `X-Event-Position`: send it as `X-Read-Position` with a read to see your write. A write sent with an `Idempotency-Key` can be retried safely.',
].join('\n');

/** The OpenAPI 3.1 document of the whole route table. */
export function buildApiDocument(version: string): OpenAPIObject {
  const components = componentSchemas();
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [name, route] of Object.entries(ROUTES) as [RouteName, RouteDefinition][]) {
    const operations = (paths[openApiPath(route.path)] ??= {});
    operations[route.method.toLowerCase()] = operationOf(name, route, components);
  }
  const document = {
    openapi: '3.1.0',
    info: { title: 'Beacon API', version, description: DESCRIPTION },
    tags: API_FEATURES.map(({ tag, description }) => ({ name: tag, description })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        [TOKEN_AUTH]: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`Token <key>`, with the key POST /api/rest-auth/login/ answers.',
        },
        [PLATFORM_KEY]: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: "`Platform <PLATFORM_API_KEY>`: the platform's operators' key (the **Platform** calls only); a user's token is refused there.",
        },
      },
    },
  };
  // @nestjs/swagger types describe OpenAPI 3.0; 3.1 schemas (type lists, const) are a superset it serves as they are.
  return document as unknown as OpenAPIObject;
}

// ---------------------------------------------------------------------------------------------
// Serving it: Swagger UI with a policy of its own
// ---------------------------------------------------------------------------------------------

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The page's Content-Security-Policy: the console's (`policy`, as the security headers set it) plus
 * the hashes of the page's own inline styles. Swagger UI's page (built by @nestjs/swagger from a fixed
 * template, never from the request) has two <style> elements and one style attribute and no inline
 * script: allowing exactly those, by hash, lets it style itself while every other inline style stays
 * refused, here as on every other page.
 */
export function docsPagePolicy(policy: string, html: string): string {
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => sha256Source(match[1]!));
  const attributes = [...html.matchAll(/\sstyle="([^"]*)"/gi)].map((match) => sha256Source(match[1]!));
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => (directive.startsWith('style-src ') && styles.length ? `${directive} ${[...new Set(styles)].join(' ')}` : directive));
  if (attributes.length) directives.push(`style-src-attr 'unsafe-hashes' ${[...new Set(attributes)].join(' ')}`);
  return directives.join('; ');
}

/** What the page loads (under /api/docs/, and /api/docs/docs/ for the page asked for as /api/docs/index.html). */
const PAGE_ASSET = /^\/(?:docs\/)?(?:swagger-ui\.css|swagger-ui-bundle\.js|swagger-ui-standalone-preset\.js|swagger-ui-init\.js|favicon-(?:16x16|32x32)\.png)$/;
const PAGE = /^\/(?:index\.html)?$/;

/**
 * Under /api/docs: the page gets its policy as it is sent; the files it loads are served; anything
 * else of the Swagger UI package (its sample page and initializer, source maps) answers 404.
 */
function docsGate(request: Request, response: Response, next: NextFunction): void {
  if (PAGE.test(request.path)) {
    const send = response.send.bind(response);
    response.send = (body?: unknown) => {
      const policy = response.getHeader('Content-Security-Policy');
      if (typeof body === 'string' && typeof policy === 'string') response.setHeader('Content-Security-Policy', docsPagePolicy(policy, body));
      return send(body);
    };
    return next();
  }
  if (PAGE_ASSET.test(request.path)) return next();
  next(new NotFoundException());
}

/**
 * Serves Swagger UI at /api/docs and the document at /api/docs-json. Both are Express routes, outside
 * Nest's guards: public, as the document holds nothing about any organisation. The document is built
 * on its first request, so starting a process costs nothing.
 */
export function serveApiDocument(app: INestApplication, version: string): void {
  const gate: RequestHandler = docsGate;
  app.use(API_DOCS_PATH, gate);
  SwaggerModule.setup(API_DOCS_PATH, app, () => buildApiDocument(version), {
    jsonDocumentUrl: API_DOCUMENT_PATH,
    raw: ['json'],
    customSiteTitle: 'Beacon API',
    // No validator badge: it would send the document's address to validator.swagger.io. No top bar
    // either (BaseLayout): it holds only Swagger's logo, whose SVG carries an inline <style> the policy refuses.
    swaggerOptions: { validatorUrl: null, layout: 'BaseLayout' },
  });
}
