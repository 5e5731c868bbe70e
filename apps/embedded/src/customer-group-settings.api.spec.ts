import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS } from '@beacon/command-api';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';

let app: TestApp;
let admin: string;
const rootId = DEMO_GROUPS[0].customerGroupId;
const northId = DEMO_GROUPS[1].customerGroupId;
const southId = DEMO_GROUPS[2].customerGroupId;
const path = (id: string) => `/api/customer_group/${id}/`;
const brandPath = (brand: string) => `/api/customer_group/brand/${brand}/`;

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
});

afterAll(async () => {
  await app?.close();
});

function put(key: string, id: string, body: object) {
  return request(app.url).put(path(id)).set(auth(key)).send(body);
}

/** The caller's own group (or one of its list), read at the write's position. */
async function groupAfter(key: string, id: string, position: string) {
  const response = await request(app.url).get('/api/customer_group/').set(auth(key)).set('X-Read-Position', position).expect(200);
  return (response.body as { id: string }[]).find((group) => group.id === id) as Record<string, unknown>;
}

const brandAfter = (brand: string, position: string) => request(app.url).get(brandPath(brand)).set('X-Read-Position', position);

describe('PUT /api/customer_group/{id}/', () => {
  it('lets an admin change the name, auto-logout and brand login URL; answers the id and the fields sent', async () => {
    const response = await put(admin, northId, { id: northId, name: ' North Hospital ', should_use_autologout: true, brand_login_url: 'north-hospital' }).expect(200);
    expect(response.body).toEqual({ id: northId, name: 'North Hospital', should_use_autologout: true, brand_login_url: 'north-hospital' });
    const group = await groupAfter(admin, northId, response.headers['x-event-position']);
    expect(group).toMatchObject({ name: 'North Hospital', should_use_autologout: true, brand_login_url: 'north-hospital' });

    const partial = await put(admin, northId, { should_use_autologout: false }).expect(200);
    expect(partial.body).toEqual({ id: northId, should_use_autologout: false });
    expect(await groupAfter(admin, northId, partial.headers['x-event-position'])).toMatchObject({
      name: 'North Hospital',
      should_use_autologout: false,
      brand_login_url: 'north-hospital',
    });
  });

  it('forbids operators and the other roles', async () => {
    for (const role of ['operator', 'sender', 'contact', 'data']) {
      const key = await login(app, `${role}@demo.test`);
      await put(key, rootId, { name: 'Taken over' }).expect(403);
    }
  });

  it("answers 404 for an unknown id and for another tenant's group", async () => {
    await put(admin, 'no-such-group', { name: 'X' }).expect(404);
    const other = await createSecondTenant(app);
    const otherAdmin = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    const response = await put(otherAdmin, rootId, { name: 'Hacked' }).expect(404);
    expect(response.body).toEqual({ detail: 'Not found.' });
    await put(admin, other.rootId, { name: 'Hacked' }).expect(404);
  });

  it('answers 400 with a message per invalid field', async () => {
    const response = await put(admin, rootId, { name: ' ', should_use_autologout: 'yes', brand_login_url: 'Not A Slug' }).expect(400);
    expect(response.body).toMatchObject({
      name: ['This field may not be blank.'],
      should_use_autologout: ['Must be a valid boolean.'],
      brand_login_url: ['Enter 2 to 50 lowercase letters, digits or hyphens.'],
    });
    const reserved = await put(admin, rootId, { brand_login_url: 'login' }).expect(400);
    expect(reserved.body).toMatchObject({ brand_login_url: ['This brand login URL is reserved by the console.'] });
    const mismatch = await put(admin, rootId, { id: northId, name: 'X' }).expect(400);
    expect(mismatch.body).toMatchObject({ id: ['Does not match the customer group of the URL.'] });
  });

  it('keeps a brand login URL unique across the platform, and frees the old one on a change', async () => {
    await put(admin, southId, { brand_login_url: 'south-side' }).expect(200);
    const taken = await put(admin, rootId, { brand_login_url: 'south-side' }).expect(400);
    expect(taken.body).toMatchObject({ brand_login_url: ['A customer group with this brand login URL already exists.'] });

    const other = await createSecondTenant(app);
    const otherAdmin = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    await put(otherAdmin, other.rootId, { brand_login_url: 'south-side' }).expect(400);

    // South moves to another URL: its old one can be claimed again, by another tenant too.
    const moved = await put(admin, southId, { brand_login_url: 'south-two' }).expect(200);
    await brandAfter('south-side', moved.headers['x-event-position']).expect(404);
    const claimed = await put(otherAdmin, other.rootId, { brand_login_url: 'south-side' }).expect(200);
    expect((await brandAfter('south-side', claimed.headers['x-event-position']).expect(200)).body.name).toBe('Other Organisation');
    expect((await brandAfter('south-two', claimed.headers['x-event-position']).expect(200)).body.name).toBe('South Region');
  });

  it('records nothing when nothing changes, and a retried request with the same Idempotency-Key appends once', async () => {
    const body = { brand_login_url: 'demo-org' };
    const first = await put(admin, rootId, body).set('Idempotency-Key', 'group-retry-1').expect(200);
    const retry = await put(admin, rootId, body).set('Idempotency-Key', 'group-retry-1').expect(200);
    expect(retry.headers['x-event-position']).toBe(first.headers['x-event-position']);
    expect(retry.body).toEqual({ id: rootId, brand_login_url: 'demo-org' });
    await put(admin, rootId, {}).expect(200);
  });
});

describe('GET /api/customer_group/brand/{brand}/', () => {
  it("answers a guest with the group's name and branding", async () => {
    const response = await put(admin, rootId, { brand_login_url: 'demo-brand', name: 'Demo Organisation' }).expect(200);
    const brand = await brandAfter('demo-brand', response.headers['x-event-position']).expect(200);
    expect(brand.body).toEqual({
      name: 'Demo Organisation',
      brand_logo: '',
      header_color: '',
      highlight_color: '#1976d2',
      enable_custom_branding: false,
    });
  });

  it('answers 404 "Not found." for an unknown brand, and for one given up', async () => {
    const unknown = await request(app.url).get(brandPath('no-such-brand')).expect(404);
    expect(unknown.body).toEqual({ detail: 'Not found.' });
    const set = await put(admin, northId, { brand_login_url: 'north-gone' }).expect(200);
    await brandAfter('north-gone', set.headers['x-event-position']).expect(200);
    const cleared = await put(admin, northId, { brand_login_url: '' }).expect(200);
    await brandAfter('north-gone', cleared.headers['x-event-position']).expect(404);
  });
});
