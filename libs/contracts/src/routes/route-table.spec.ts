import { describe, expect, it } from '@jest/globals';
import { findRoute, ROUTE_TABLE, routePattern, ROUTES } from './route-table';

describe('route table', () => {
  it('sends reads (GETs and POSTs marked read or read-side) to query-api and every write to command-api', () => {
    for (const route of ROUTE_TABLE.filter((candidate) => candidate.app !== 'dispatch-worker')) {
      const isRead = (route.method === 'GET' && route.write !== true) || route.read === true || route.readSide === true;
      expect([`${route.method} ${route.path}`, route.app]).toEqual([`${route.method} ${route.path}`, isRead ? 'query-api' : 'command-api']);
    }
  });

  it('sends to the dispatch workers only public POSTs: the providers\' callbacks, signed instead of a token', () => {
    const served = ROUTE_TABLE.filter((route) => route.app === 'dispatch-worker');
    expect(served.map((route) => route.path)).toEqual([ROUTES.twilioStatusCallback.path, ROUTES.twilioIncomingMessage.path, ROUTES.twilioConferenceCall.path, ROUTES.twilioConferenceRecording.path, ROUTES.twilioGather.path]);
    expect(served.filter((route) => route.method !== 'POST' || route.public !== true || !route.path.startsWith('/api/provider_callback/'))).toEqual([]);
  });

  it('marks as writes only GETs', () => {
    expect(ROUTE_TABLE.filter((route) => route.write && route.method !== 'GET')).toEqual([]);
  });

  it('names the guard of every route that is not public', () => {
    const unguarded = ROUTE_TABLE.filter((route) => !route.public && !route.guard).map((r) => `${r.method} ${r.path}`);
    expect(unguarded).toEqual([]);
  });

  it('has no two routes with the same method and path', () => {
    const keys = ROUTE_TABLE.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('builds patterns where a parameter matches exactly one path segment', () => {
    const pattern = new RegExp(routePattern(ROUTES.incidentModuleSettings));
    expect(pattern.test('/api/customer_group_im_settings/abc-123/')).toBe(true);
    expect(pattern.test('/api/customer_group_im_settings/a/b/')).toBe(false);
    expect(pattern.test('/api/customer_group_im_settings/abc')).toBe(false);
  });

  it('finds the route a request matched, with or without the trailing slash', () => {
    expect(findRoute('PUT', '/api/customer_group_im_settings/:id')).toBe(ROUTES.changeIncidentModuleSettings);
    expect(findRoute('PUT', '/api/customer_group_im_settings/:id/')).toBe(ROUTES.changeIncidentModuleSettings);
    expect(findRoute('DELETE', '/api/customer_group_im_settings/:id')).toBeUndefined();
  });
});
