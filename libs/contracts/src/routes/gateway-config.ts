import { ROUTE_TABLE, routePattern, type RouteDefinition, type ServingApp } from './route-table';

/**
 * The gateway's routing, generated from the route table: an nginx `map` from
 * `"$request_method $uri"` to the name of an upstream block in deploy/nginx/nginx.conf.
 * deploy/nginx/routes.conf holds the rendered text; gateway-config.spec.ts fails when it drifts.
 */

/** The nginx upstream block that serves each app. */
export const GATEWAY_UPSTREAMS: Readonly<Record<ServingApp, string>> = {
  'command-api': 'command_api',
  'query-api': 'query_api',
  'dispatch-worker': 'dispatch_worker',
};

/** The nginx variable the map sets; nginx.conf proxies `/api/` to `http://$beacon_upstream`. */
export const GATEWAY_UPSTREAM_VARIABLE = '$beacon_upstream';

/** Where the rendered map is committed, relative to the repository root. */
export const GATEWAY_ROUTES_FILE = 'deploy/nginx/routes.conf';

/** The command that rewrites the committed map after a change to the route table. */
export const GATEWAY_ROUTES_UPDATE_COMMAND = 'UPDATE_GATEWAY_ROUTES=1 npx jest --selectProjects contracts';

/** The anchored regular expression the map matches against `"<METHOD> <path>"` for one route. */
export function gatewayRoutePattern(route: RouteDefinition): string {
  return `^${route.method} ${routePattern(route).slice(1)}`;
}

/**
 * A string in nginx's double-quoted syntax: nginx reads `\\` as `\` and `\"` as `"` there (and `\t`,
 * `\n`, `\r` as control characters), so every backslash is doubled and every quote escaped.
 */
function nginxQuoted(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * Renders the nginx map, one regex line per route in table order (nginx tries a map's regexes in
 * the order written and takes the first match). A request the table does not know goes by its
 * method, as the table itself does: GET and HEAD to query-api, anything else to command-api.
 */
export function renderGatewayRoutes(routes: readonly RouteDefinition[] = ROUTE_TABLE): string {
  const keyWidth = Math.max(0, ...routes.map((route) => nginxQuoted(`~${gatewayRoutePattern(route)}`).length));
  const line = (key: string, upstream: string): string => `    ${key.padEnd(keyWidth)} ${upstream};`;
  return [
    '# Generated from ROUTE_TABLE (libs/contracts/src/routes/route-table.ts) by renderGatewayRoutes()',
    '# in libs/contracts/src/routes/gateway-config.ts. Do not edit by hand: change the route table, then run',
    `#   ${GATEWAY_ROUTES_UPDATE_COMMAND}`,
    '# from the repository root. gateway-config.spec.ts fails while this file is out of date.',
    '#',
    '# $uri is the normalized path without the query string, so "?position=..." never changes the route.',
    `map "$request_method $uri" ${GATEWAY_UPSTREAM_VARIABLE} {`,
    ...routes.map((route) => line(nginxQuoted(`~${gatewayRoutePattern(route)}`), GATEWAY_UPSTREAMS[route.app])),
    '',
    '    # Not in the route table: reads to query-api, every other method to command-api.',
    line(nginxQuoted('~^(GET|HEAD) '), GATEWAY_UPSTREAMS['query-api']),
    line('default', GATEWAY_UPSTREAMS['command-api']),
    '}',
    '',
  ].join('\n');
}
