import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import request from 'supertest';
import { ROUTE_TABLE } from '@beacon/contracts';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';

/**
 * The API reference (README "API reference"): the OpenAPI document at /api/docs-json, built from the
 * route table and the zod schemas of libs/contracts, and Swagger UI at /api/docs. Both public, and the
 * page's Content-Security-Policy is the console's plus the hashes of the page's own inline styles.
 */
let app: TestApp;
let document: OpenApiDocument;

interface OpenApiOperation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, string[]>[];
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, { required?: string[]; properties?: Record<string, { maxLength?: number }> }>; securitySchemes: Record<string, unknown> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

beforeAll(async () => {
  app = await startTestApp();
  document = (await request(app.url).get('/api/docs-json').expect(200)).body as OpenApiDocument;
});

afterAll(async () => {
  await app?.close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );

/** Every `$ref` in the document. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((entry) => refsIn(entry, found));
  else if (typeof value === 'object' && value !== null)
    for (const [key, entry] of Object.entries(value)) {
      if (key === '$ref' && typeof entry === 'string') found.push(entry);
      else refsIn(entry, found);
    }
  return found;
}

const policyDirectives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the OpenAPI document', () => {
  it('is public JSON', async () => {
    const response = await request(app.url).get('/api/docs-json').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('has every route of the route table, by method and path', () => {
    const missing = ROUTE_TABLE.filter((route) => {
      const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      return document.paths[path]?.[route.method.toLowerCase()] === undefined;
    }).map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
    expect(operations()).toHaveLength(ROUTE_TABLE.length);
  });

  it('is an OpenAPI 3 document: info, paths, and operations with unique ids, their path parameters and their answers', () => {
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toBe(app.config.versionNumber);
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      because(where, () => expect(path).toMatch(/^\//));
      because(where, () => expect(Object.keys(operation.responses ?? {}).length).toBeGreaterThan(0));
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        because(where, () => expect(status).toMatch(/^[1-5]\d\d$/));
        because(`${where} ${status}`, () => expect(response.description).toBeTruthy());
      }
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      because(where, () => expect(declared.map((parameter) => parameter.name).sort()).toEqual(templated));
      because(where, () => expect(declared.every((parameter) => parameter.required === true)).toBe(true));
      for (const requirement of operation.security ?? [])
        for (const scheme of Object.keys(requirement)) because(where, () => expect(document.components.securitySchemes[scheme]).toBeDefined());
    }
  });

  it('refers only to schemas it has', () => {
    const unresolved = refsIn(document).filter((ref) => {
      const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
      return !match || document.components.schemas[match[1]!] === undefined;
    });
    expect(unresolved).toEqual([]);
  });

  it('asks for a token on every route but the public ones, and the platform key on the platform’s', () => {
    for (const route of ROUTE_TABLE) {
      const operation = document.paths[route.path.replace(/:([A-Za-z_]+)/g, '{$1}')]![route.method.toLowerCase()]!;
      const expected = route.platform ? [{ platformKey: [] }] : route.public ? [] : [{ tokenAuth: [] }];
      because(`${route.method} ${route.path}`, () => expect(operation.security).toEqual(expected));
      if (!route.public) because(`${route.method} ${route.path}`, () => expect(operation.responses?.['401']).toBeDefined());
    }
  });

  it('says what sign-in takes, and the API answers as it says', async () => {
    const login = document.paths['/api/rest-auth/login/']!.post!;
    expect(login.requestBody?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/LoginRequest' });
    const required = document.components.schemas.LoginRequest!.required;
    expect(required).toEqual(expect.arrayContaining(['email', 'password']));
    for (const field of required!) {
      const body = { email: 'admin@demo.test', password: 'Demo-password-1', [field]: undefined };
      const answer = await request(app.url).post('/api/rest-auth/login/').send(body).expect(400);
      because(field, () => expect(answer.body[field]).toEqual(['This field is required.']));
    }
    expect(login.responses?.['429']).toBeDefined();
  });

  it('gives the limit of a field label, and the API keeps to it', async () => {
    const create = document.paths['/api/incidents/field/']!.post!;
    expect(create.requestBody?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/CreateIncidentFieldRequest' });
    const schema = document.components.schemas.CreateIncidentFieldRequest!;
    expect(schema.required).toEqual(expect.arrayContaining(['label', 'field_type']));
    const max = schema.properties!.label!.maxLength!;
    expect(max).toBeGreaterThan(0);
    const admin = await login(app, 'admin@demo.test');
    await request(app.url).post('/api/incidents/field/').set(auth(admin)).send({ label: 'x'.repeat(max), field_type: 'TEXT' }).expect(201);
    const tooLong = await request(app.url).post('/api/incidents/field/').set(auth(admin)).send({ label: 'x'.repeat(max + 1), field_type: 'TEXT' }).expect(400);
    expect(tooLong.body.label).toBeDefined();
  });
});

describe('Swagger UI at /api/docs', () => {
  it('answers its page without a token', async () => {
    for (const path of ['/api/docs', '/api/docs/']) {
      const page = await request(app.url).get(path).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('<div id="swagger-ui"></div>');
    }
  });

  it('loads every file the page names, each with its type', async () => {
    const page = await request(app.url).get('/api/docs/').expect(200);
    const assets = [...page.text.matchAll(/(?:src|href)=["']\.\/([^"']+)["']/g)].map((match) => match[1]!);
    expect(assets).toEqual(expect.arrayContaining(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'swagger-ui-init.js']));
    const types: Record<string, RegExp> = { css: /^text\/css/, js: /^(?:text|application)\/javascript/, png: /^image\/png/ };
    for (const asset of assets) {
      const response = await request(app.url).get(`/api/docs/${asset}`).expect(200);
      because(asset, () => expect(response.headers['content-type']).toMatch(types[asset.split('.').pop()!]!));
    }
    const init = await request(app.url).get('/api/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toMatch(/"operationId":\s*"login"/);
  });

  it('serves the same files for the page asked for as /api/docs, whose links go through ./docs/', async () => {
    const page = await request(app.url).get('/api/docs').expect(200);
    expect(page.text).toContain('./docs/swagger-ui-bundle.js');
    await request(app.url).get('/api/docs/docs/swagger-ui-bundle.js').expect(200);
    await request(app.url).get('/api/docs/docs/swagger-ui-init.js').expect(200);
  });

  it("serves nothing else of the Swagger UI package (its sample page's initializer, source maps)", async () => {
    for (const path of ['/api/docs/swagger-initializer.js', '/api/docs/swagger-ui-bundle.js.map', '/api/docs/package.json', '/api/docs/oauth2-redirect.html']) {
      const response = await request(app.url).get(path).expect(404);
      because(path, () => expect(response.body.detail).toBeTruthy());
    }
  });

  it("allows the page exactly its own inline styles, on top of the console's policy, and no inline script", async () => {
    const page = await request(app.url).get('/api/docs/').expect(200);
    const policy = policyDirectives(String(page.headers['content-security-policy']));
    const styles = [...page.text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => sha256(match[1]!));
    const attributes = [...page.text.matchAll(/\sstyle="([^"]*)"/g)].map((match) => sha256(match[1]!));
    expect(styles.length).toBeGreaterThan(0);
    for (const hash of styles) expect(policy.get('style-src')).toContain(hash);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-hashes'", ...new Set(attributes)]);
    expect(policy.get('style-src')).toContain("'self'");
    expect(policy.get('style-src')!.some((source) => source.startsWith("'nonce-"))).toBe(true);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
    expect(page.text).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it("leaves every other answer the console's policy", async () => {
    for (const path of ['/api/docs-json', '/api/docs/swagger-ui-bundle.js', '/api/get_company_info/']) {
      const response = await request(app.url).get(path);
      const policy = policyDirectives(String(response.headers['content-security-policy']));
      because(path, () => expect(policy.get('style-src')?.[0]).toBe("'self'"));
      because(path, () => expect(policy.get('style-src')?.some((source) => source.startsWith("'sha256-"))).toBe(false));
      because(path, () => expect(policy.has('style-src-attr')).toBe(false));
    }
  });
});
