import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS, DEMO_PEOPLE_COUNT } from '@beacon/command-api';
import type { OnCallRecipientsDto, UserDto, UserListPageDto } from '@beacon/contracts';
import { because } from '@beacon/testing';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';

/* The demo tenant's people (SEED_DEMO_PEOPLE, on by default): about 200 users with devices and data. */

let app: TestApp;
let admin: string;
let started: number;

beforeAll(async () => {
  const before = performance.now();
  app = await startTestApp({ SEED_DEMO_PEOPLE: 'true' });
  started = performance.now() - before;
  admin = await login(app, 'admin@demo.test');
});

afterAll(async () => {
  await app?.close();
});

const page = async (groupId: string, query: object = {}) =>
  (await request(app.url).get(`/api/customer_group/${groupId}/users/`).query({ items_per_page: 100, ...query }).set(auth(admin)).expect(200)).body as UserListPageDto;

describe('the demo tenant\'s people', () => {
  it('puts one of each region\'s people on call at any moment of this week, and a week of shifts per region', async () => {
    for (const region of DEMO_GROUPS.slice(1)) {
      const now = (await request(app.url).get(`/api/customer_group/on_call_recipients/${region.customerGroupId}/`).set(auth(admin)).expect(200)).body as OnCallRecipientsDto;
      because(`someone in ${region.name} is on call now`, () => expect(now.count).toBe(1));
      const nextWeek = new Date(Date.now() + 8 * 24 * 3600 * 1000).toISOString();
      const later = (await request(app.url).get(`/api/customer_group/on_call_recipients/${region.customerGroupId}/`).query({ at: nextWeek }).set(auth(admin)).expect(200)).body as OnCallRecipientsDto;
      because('the roster covers this week only', () => expect(later.count).toBe(0));
    }
  });

  it('spreads about 200 users over the organisation\'s groups, each region with its share', async () => {
    const everyone = await page(DEMO_GROUPS[0].customerGroupId, { all: 'true' });
    because('the people and the six sign-in users', () => expect(everyone.count).toBe(DEMO_PEOPLE_COUNT + 6));
    for (const region of DEMO_GROUPS.slice(1)) expect((await page(region.customerGroupId)).count).toBeGreaterThanOrEqual(50);
    because(`the app starts in reasonable time with them (${Math.round(started)} ms)`, () => expect(started).toBeLessThan(60_000));
  });

  it('gives people devices in E.164 and data the demo fields offer, without welcome emails', async () => {
    const region = await page(DEMO_GROUPS[1].customerGroupId, { items_per_page: 5 });
    for (const listed of region.data) {
      const user = (await request(app.url).get(`/api/user/${listed.id}/?custom_fields=true`).set(auth(admin)).expect(200)).body as UserDto;
      const value = (label: string) => user.custom_fields!.find((entry) => entry.field_value_label === label)!;
      expect(value('Work email').values).toEqual([user.email]);
      expect(value('Site').option_label).toBe('North Depot');
      for (const phone of [...value('Mobile').values, ...value('Landline').values]) expect(phone).toMatch(/^\+44(207946|113496)\d{4}$/);
      expect(value('Department').values).toHaveLength(1);
    }
    const outbox = (await request(app.url).get('/api/email_outbox/').set(auth(admin)).expect(200)).body as { results: { to: string }[] };
    because('the demo people get no welcome email', () => expect(outbox.results.filter((email) => email.to.endsWith('@demo.test') && !email.to.includes('admin'))).toHaveLength(0));
  });
});
