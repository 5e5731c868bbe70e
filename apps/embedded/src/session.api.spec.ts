import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { login, startTestApp, type TestApp } from './testing/embedded-test-app';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe('sign-in', () => {
  it('answers a token for each demo role', async () => {
    for (const role of ['admin', 'operator', 'sender', 'contact', 'data']) {
      const key = await login(app, `${role}@demo.test`);
      expect(key).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it('accepts the email in any case', async () => {
    expect(await login(app, 'Admin@Demo.Test')).toMatch(/^[0-9a-f]{40}$/);
  });

  it('refuses a wrong password or an unknown email with the same message', async () => {
    for (const body of [
      { email: 'admin@demo.test', password: 'wrong' },
      { email: 'nobody@demo.test', password: 'Demo-password-1' },
    ]) {
      const response = await request(app.url).post('/api/rest-auth/login/').send(body).expect(400);
      expect(response.body.non_field_errors).toEqual(['Unable to log in with provided credentials.']);
    }
  });

  it('names each missing field', async () => {
    const response = await request(app.url).post('/api/rest-auth/login/').send({ email: '' }).expect(400);
    expect(response.body).toMatchObject({ email: ['This field is required.'], password: ['This field is required.'] });
  });

  it('answers 400, not 500, for a malformed JSON body', async () => {
    await request(app.url).post('/api/rest-auth/login/').set('Content-Type', 'application/json').send('{"email":').expect(400);
  });

  it('never returns a password or hash', async () => {
    const response = await request(app.url).post('/api/rest-auth/login/').send({ email: 'admin@demo.test', password: 'Demo-password-1' });
    expect(JSON.stringify(response.body)).not.toMatch(/argon|Demo-password/);
  });
});

describe('authentication of /api calls', () => {
  it('answers 401 without a token, with a bad token, or with another scheme', async () => {
    await request(app.url).get('/api/user/self/').expect(401);
    await request(app.url).get('/api/user/self/').set('Authorization', 'Token 0000').expect(401);
    const key = await login(app, 'admin@demo.test');
    await request(app.url).get('/api/user/self/').set('Authorization', `Bearer ${key}`).expect(401);
  });

  it('ends the token on logout', async () => {
    const key = await login(app, 'operator@demo.test');
    await request(app.url).get('/api/user/self/').set('Authorization', `Token ${key}`).expect(200);
    await request(app.url).post('/api/rest-auth/logout/?inactivity=true').set('Authorization', `Token ${key}`).expect(200);
    await request(app.url).get('/api/user/self/').set('Authorization', `Token ${key}`).expect(401);
  });
});

describe('session and shell reads', () => {
  it('GET /api/user/self/ answers the logged user', async () => {
    const key = await login(app, 'sender@demo.test');
    const response = await request(app.url).get('/api/user/self/?descendant_fields=true').set('Authorization', `Token ${key}`).expect(200);
    expect(response.body).toMatchObject({
      email: 'sender@demo.test',
      customer_permission: 'SENDER',
      is_temporary: false,
      preferred_timezone: 'Europe/London',
    });
    expect(typeof response.body.customer_group).toBe('string');
  });

  it('GET /api/customer_group/self/ answers the group with the root permissions', async () => {
    const key = await login(app, 'admin@demo.test');
    const response = await request(app.url).get('/api/customer_group/self/').set('Authorization', `Token ${key}`).expect(200);
    expect(response.body).toMatchObject({ name: 'Demo Organisation', parent: null, enable_custom_branding: false, should_use_autologout: false });
    expect(response.body.root_parent_id).toBe(response.body.id);
    expect(JSON.parse(response.body.settings)).toMatchObject({ send_verification_email: false });
    expect(response.body.root_customer_group_permissions).toContain('Use Microsoft Teams');
  });

  it('GET /api/get_company_info/ answers the version number', async () => {
    const key = await login(app, 'contact@demo.test');
    const response = await request(app.url).get('/api/get_company_info/').set('Authorization', `Token ${key}`).expect(200);
    expect(response.body).toEqual({ version_number: 'test' });
  });
});
