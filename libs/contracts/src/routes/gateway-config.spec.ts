import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  GATEWAY_ROUTES_FILE,
  GATEWAY_ROUTES_UPDATE_COMMAND,
  GATEWAY_UPSTREAMS,
  renderGatewayRoutes,
} from './gateway-config';
import { ROUTE_TABLE, ROUTES, type RouteDefinition } from './route-table';

const repoRoot = resolve(__dirname, '..', '..', '..', '..');
const routesFile = resolve(repoRoot, GATEWAY_ROUTES_FILE);
const nginxConfFile = resolve(repoRoot, 'deploy', 'nginx', 'nginx.conf');

interface MapEntry {
  /** The key as nginx reads it (quotes removed, escapes applied). */
  readonly key: string;
  readonly upstream: string;
}

/** Reads a double-quoted nginx string's content as nginx does (`\\`, `\"`, `\'`, `\t`, `\n`, `\r`). */
function nginxUnquote(quoted: string): string {
  const controls: Record<string, string> = { t: '\t', n: '\n', r: '\r' };
  return quoted.replace(/\\(.)/g, (escape, char: string) =>
    char === '"' || char === "'" || char === '\\' ? char : (controls[char] ?? escape),
  );
}

/** The entries of the rendered map, in the order nginx reads them. */
function parseMap(conf: string): MapEntry[] {
  const entries: MapEntry[] = [];
  for (const raw of conf.split('\n')) {
    const text = raw.trim();
    if (text === '' || text.startsWith('#') || text.startsWith('map ') || text === '}') continue;
    const quoted = /^"((?:[^"\\]|\\.)*)"\s+([A-Za-z_][A-Za-z0-9_]*);$/.exec(text);
    const bare = /^(default)\s+([A-Za-z_][A-Za-z0-9_]*);$/.exec(text);
    const match = quoted ?? bare;
    if (!match) throw new Error(`Unexpected line in the gateway map: ${raw}`);
    entries.push({ key: quoted ? nginxUnquote(match[1]) : match[1], upstream: match[2] });
  }
  return entries;
}

/**
 * Routes a request as nginx's map does: the source is `"$request_method $uri"` ($uri has no query
 * string); exact keys are tried first (the rendered map has none), then the regexes in the order
 * written, first match wins; otherwise `default`.
 */
function route(entries: readonly MapEntry[], method: string, requestUri: string): { upstream: string; key: string } {
  const uri = requestUri.split('?')[0];
  const source = `${method} ${uri}`;
  const exact = entries.find((entry) => entry.key !== 'default' && !entry.key.startsWith('~') && entry.key === source);
  if (exact) return exact;
  for (const entry of entries) {
    if (entry.key.startsWith('~') && new RegExp(entry.key.slice(1)).test(source)) return entry;
  }
  const fallback = entries.find((entry) => entry.key === 'default');
  if (!fallback) throw new Error('The gateway map has no default');
  return fallback;
}

/** A concrete path for a route: every `:param` replaced by `x1`. */
function samplePath(definition: RouteDefinition): string {
  return definition.path.replace(/:[A-Za-z_]+/g, 'x1');
}

describe('gateway routes (nginx map)', () => {
  const rendered = renderGatewayRoutes();
  const entries = parseMap(rendered);

  it('matches the committed deploy/nginx/routes.conf', () => {
    if (process.env.UPDATE_GATEWAY_ROUTES === '1') writeFileSync(routesFile, rendered);
    const hint = `${GATEWAY_ROUTES_FILE} is out of date with the route table; run \`${GATEWAY_ROUTES_UPDATE_COMMAND}\` from the repository root`;
    expect([hint, existsSync(routesFile)]).toEqual([hint, true]);
    expect([hint, readFileSync(routesFile, 'utf8')]).toEqual([hint, rendered]);
  });

  it('renders the same text every time, one line per route in table order, then the fallbacks', () => {
    expect(renderGatewayRoutes()).toBe(rendered);
    expect(rendered).toContain('map "$request_method $uri" $beacon_upstream {');
    expect(entries).toHaveLength(ROUTE_TABLE.length + 2);
    expect(entries[0]).toEqual({ key: '~^POST /api/rest-auth/login/$', upstream: 'command_api' });
    expect(entries.at(-2)).toEqual({ key: '~^(GET|HEAD) ', upstream: 'query_api' });
    expect(entries.at(-1)).toEqual({ key: 'default', upstream: 'command_api' });
  });

  it('sends every route in the table, with its parameters filled in, to the app that serves it', () => {
    ROUTE_TABLE.forEach((definition, index) => {
      const matched = route(entries, definition.method, samplePath(definition));
      expect([`${definition.method} ${definition.path}`, matched.upstream]).toEqual([`${definition.method} ${definition.path}`, GATEWAY_UPSTREAMS[definition.app]]);
      // Matched by the route's own line, not by a fallback.
      expect([`${definition.method} ${definition.path}`, matched]).toEqual([`${definition.method} ${definition.path}`, entries[index]]);
    });
  });

  it('routes the same with or without a query string', () => {
    for (const definition of ROUTE_TABLE) {
      const path = samplePath(definition);
      expect(route(entries, definition.method, `${path}?position=42&next=/api/x/`)).toBe(
        route(entries, definition.method, path),
      );
    }
  });

  it('sends requests the table does not know by method: GET and HEAD to query-api, others to command-api', () => {
    expect(route(entries, 'GET', '/api/not_in_the_table/').upstream).toBe('query_api');
    expect(route(entries, 'HEAD', samplePath(ROUTES.userSelf)).upstream).toBe('query_api');
    expect(route(entries, 'POST', '/api/not_in_the_table/').upstream).toBe('command_api');
    expect(route(entries, 'DELETE', samplePath(ROUTES.incidentModuleSettings)).upstream).toBe('command_api');
    // A parameter is one path segment, so a deeper path is not the route (it falls back by method).
    const deeper = route(entries, 'PUT', '/api/customer_group_im_settings/a/b/');
    expect(deeper.key).toBe('default');
  });

  it('keeps a path parameter inside one segment and the method exact', () => {
    expect(route(entries, 'GET', '/api/customer_group_im_settings/abc-123/').key).toBe(
      '~^GET /api/customer_group_im_settings/[^/]+/$',
    );
    expect(route(entries, 'GET', '/api/customer_group_im_settings/a/b/').key).toBe('~^(GET|HEAD) ');
    expect(route(entries, 'GETX', '/api/user/self/').key).toBe('default');
  });

  it('escapes regex and nginx string specials in paths', () => {
    const odd: RouteDefinition = { method: 'GET', path: '/api/v1.0/a\\b"c/:id/', app: 'query-api' };
    const oddEntries = parseMap(renderGatewayRoutes([odd]));
    expect(oddEntries[0].key).toBe('~^GET /api/v1\\.0/a\\\\b"c/[^/]+/$');
    expect(route(oddEntries, 'GET', '/api/v1.0/a\\b"c/7/').key).toBe(oddEntries[0].key);
    expect(route(oddEntries, 'GET', '/api/v1x0/a\\b"c/7/').key).not.toBe(oddEntries[0].key);
  });

  it('names only upstreams that deploy/nginx/nginx.conf defines, and nginx.conf includes the map', () => {
    const nginxConf = readFileSync(nginxConfFile, 'utf8');
    for (const upstream of new Set(entries.map((entry) => entry.upstream))) {
      expect([upstream, new RegExp(`^\\s*upstream ${upstream} \\{`, 'm').test(nginxConf)]).toEqual([upstream, true]);
    }
    expect(nginxConf).toMatch(/^\s*include \/etc\/nginx\/routes\.conf;/m);
    expect(nginxConf).toContain('proxy_pass http://$beacon_upstream;');
  });
});
