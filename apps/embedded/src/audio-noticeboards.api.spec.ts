import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS } from '@beacon/command-api';
import type { ActivityLogPageDto, AudioNoticeboardDto } from '@beacon/contracts';
import { auth, eventually, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';

let app: TestApp;
let admin: string;
const rootId = DEMO_GROUPS[0].customerGroupId;
const LIST = '/api/audio-noticeboards/';
const CHANGE = '/api/audio-noticeboard/';
const numbers = [
  { phone_number: '+442079460000', provider: 'noticeboard', is_voice: true },
  { phone_number: '+442079460001', provider: 'twillio', is_voice: false },
];

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
});

afterAll(async () => {
  await app?.close();
});

const list = (key: string) => request(app.url).get(LIST).set(auth(key));
const change = (key: string, body: object) => request(app.url).patch(CHANGE).set(auth(key)).send(body);

describe('audio noticeboards', () => {
  it('are refused while the group has no noticeboard numbers (the route rule needs them)', async () => {
    await list(admin).expect(403);
  });

  it("list the caller's group noticeboard numbers with their messages, and a message changes by number", async () => {
    await request(app.url)
      .put(`/api/customer_group_settings/${rootId}/`)
      .set(auth(admin))
      .send({ noticeboard_numbers: numbers, default_noticeboards: ['+442079460001'] })
      .expect(200);
    const listed = await eventually(async () => (await list(admin).expect(200)).body as AudioNoticeboardDto[]);
    expect(listed).toEqual([
      { ...numbers[0], is_default: false, message: '' },
      { ...numbers[1], is_default: true, message: '' },
    ]);

    const changed = await change(admin, { phone_number: '+44 20 7946 0000', message: ' The bridge is closed. ' }).expect(200);
    expect(changed.body).toEqual({ ...numbers[0], is_default: false, message: 'The bridge is closed.' });
    const after = await list(admin).set('X-Read-Position', changed.headers['x-event-position']).expect(200);
    expect((after.body as AudioNoticeboardDto[])[0]?.message).toBe('The bridge is closed.');

    const log = await request(app.url)
      .get('/api/activity_log/')
      .query({ event_type: 'AudioNoticeboardMessageChanged' })
      .set(auth(admin))
      .set('X-Read-Position', changed.headers['x-event-position'])
      .expect(200);
    expect((log.body as ActivityLogPageDto).data.activity_logs.map((entry) => entry.action)).toContain('Changed the audio noticeboard message of +442079460000');
  });

  it('answers 400 naming a number the group does not have, a blank or missing message', async () => {
    await eventually(async () => list(admin).expect(200));
    expect((await change(admin, { phone_number: '+441134960000', message: 'Hello' }).expect(400)).body).toEqual({
      detail: 'Invalid audio noticeboard.',
      phone_number: ['Not one of the noticeboard numbers of your customer group.'],
    });
    expect((await change(admin, { phone_number: '+442079460000', message: '   ' }).expect(400)).body.message).toEqual(['This field may not be blank.']);
    expect((await change(admin, { phone_number: '+442079460000' }).expect(400)).body.message).toEqual(['This field is required.']);
  });

  it('lets operators in, keeps contacts out, and shows another tenant nothing of this one', async () => {
    await eventually(async () => list(admin).expect(200));
    await list(await login(app, 'operator@demo.test')).expect(200);
    await list(await login(app, 'contact@demo.test')).expect(403);
    const other = await createSecondTenant(app);
    const stranger = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    await list(stranger).expect(403);
    await change(stranger, { phone_number: '+442079460000', message: 'Hijack' }).expect(403);
  });
});

describe('map coordinates and custom login URL', () => {
  it("answer for a group in reach (no registration map yet; the branded login page's path), 404 outside it", async () => {
    const northId = DEMO_GROUPS[1].customerGroupId;
    const renamed = await request(app.url).put(`/api/customer_group/${northId}/`).set(auth(admin)).send({ brand_login_url: 'north-region' }).expect(200);
    const url = await request(app.url).get(`/api/customer_group/${northId}/custom_login_url/`).set(auth(admin)).set('X-Read-Position', renamed.headers['x-event-position']).expect(200);
    expect(url.body).toEqual({ custom_login_url: '/north-region' });
    expect((await request(app.url).get(`/api/customer_group/${rootId}/custom_login_url/`).set(auth(admin)).expect(200)).body).toEqual({ custom_login_url: '' });
    expect((await request(app.url).get(`/api/customer_group/${northId}/map_coordinates/`).set(auth(admin)).expect(200)).body).toEqual({ has_map: false, coordinates: [] });
    const other = await createSecondTenant(app);
    await request(app.url).get(`/api/customer_group/${other.rootId}/custom_login_url/`).set(auth(admin)).expect(404);
    await request(app.url).get(`/api/customer_group/${other.rootId}/map_coordinates/`).set(auth(admin)).expect(404);
  });
});
