import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import request from 'supertest';
import { ROUTE_TABLE, type RouteDefinition } from '@beacon/contracts';
import { canAccess, CUSTOMER_PERMISSIONS, ROOT_PERMISSIONS, type CustomerPermission } from '@beacon/domain';
import { login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';

/**
 * Table-driven authorization: every guarded route of the route table, called by each role, in a
 * tenant holding every root permission and in one holding none, answers 403 exactly when the
 * spec's guard (libs/domain access rules, the same the console applies) refuses that role.
 */
const TENANT_KINDS: Record<string, readonly string[]> = {
  'every root permission': ROOT_PERMISSIONS,
  'no root permission': [],
};

let app: TestApp;
const tenants: Record<string, TenantWithRoles> = {};

beforeAll(async () => {
  app = await startTestApp();
  for (const [kind, rootPermissions] of Object.entries(TENANT_KINDS)) tenants[kind] = await createTenantWithRoles(app, rootPermissions);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const guarded = ROUTE_TABLE.filter((route) => !route.public && route.guard);

function call(route: RouteDefinition, token: string, tenant: TenantWithRoles) {
  const path = route.path.replace(/:[A-Za-z_]+/g, tenant.rootId);
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return request(app.url)[method](path).set('Authorization', `Token ${token}`).send({});
}

describe.each(Object.keys(TENANT_KINDS))('in a tenant with %s', (tenantName) => {
  it.each(CUSTOMER_PERMISSIONS.map((role) => [role]))('%s gets 403 exactly where the guard refuses', async (role: CustomerPermission) => {
    const tenant = tenants[tenantName]!;
    const subject = {
      customerPermission: role,
      isTemporary: false,
      rootPermissions: tenant.rootPermissions,
      hasNoticeboardNumbers: false,
      sendVerificationEmail: false,
      userId: 'someone-else',
    };
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const route of guarded) {
      // A fresh token per call: some allowed calls (logout) end the session they are made with.
      const token = await login(app, tenant.emails[role], TENANT_PASSWORD);
      const response = await call(route, token, tenant);
      because(`${route.method} ${route.path} must never fail`, () => expect(response.status).toBeLessThan(500));
      outcomes.push(`${route.method} ${route.path}: ${response.status === 403 ? 'refused' : 'allowed'}`);
      expected.push(`${route.method} ${route.path}: ${canAccess(route.guard!, subject) ? 'allowed' : 'refused'}`);
    }
    expect(outcomes).toEqual(expected);
  });
});
