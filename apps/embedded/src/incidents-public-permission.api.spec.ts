import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import request from 'supertest';
import { READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { startTestApp, type TestApp } from './testing/embedded-test-app';
import { createTenantWithoutIncidentPermission, type TenantWithoutIncidentPermission } from './testing/tenant-without-incident-permission';

/**
 * The public incident template page of an organisation whose root group holds neither incident root
 * permission ("Show Incident Manager dashboard only", "Show {product} + Incident Manager dashboard"):
 * its template read, guest start and guest upload answer 404, as for an unknown subdomain, so the
 * page says "This page is not available." (The same calls for an organisation with the permission:
 * incidents.api.spec.ts, incident-settings-templates.api.spec.ts, incident-uploads.api.spec.ts.)
 */

let app: TestApp;
let tenant: TenantWithoutIncidentPermission;

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenantWithoutIncidentPermission(app);
});

afterAll(async () => {
  await app?.close();
});

describe('the public template page of an organisation without the incident permission', () => {
  it('answers 404 for the template read, though the subdomain selects a template', async () => {
    const response = await request(app.url).get(`/api/incidents/public_incident_template/${tenant.subdomain}/`).set('X-Read-Position', tenant.position);
    because(JSON.stringify(response.body), () => expect(response.status).toBe(404));
    expect(response.body).toEqual({ detail: 'Not found.' });
    // Not for want of the template: the subdomain is there, of that organisation.
    const subdomains = app.app.get<symbol, ReadStore>(READ_STORE).scope(SYSTEM_TENANT).collection('incident_template_subdomains');
    const claim = await subdomains.findOne({ _id: tenant.subdomain });
    expect(claim).toMatchObject({ root_id: tenant.rootId });
  });

  it('answers 404 for a guest start, recording nothing', async () => {
    const response = await request(app.url)
      .post(`/api/incidents/public_incident_template/${tenant.subdomain}/start/`)
      .send({ payload: [{ field_group: tenant.fieldGroupId, field: tenant.fieldId, values: ['Somewhere'] }] });
    because(JSON.stringify(response.body), () => expect(response.status).toBe(404));
    expect(response.body).toEqual({ detail: 'Not found.' });
    expect(response.headers['x-event-position']).toBeUndefined();
  });

  it('answers 404 for a guest upload, storing nothing', async () => {
    const response = await request(app.url)
      .post('/api/incidents/upload_attachment_from_template/')
      .field('file_data', JSON.stringify({ subdomain: tenant.subdomain }))
      .attach('file', Buffer.from('guest photo'), { filename: 'guest.jpg', contentType: 'image/jpeg' });
    because(JSON.stringify(response.body), () => expect(response.status).toBe(404));
    expect(response.body).toEqual({ detail: 'Not found.' });
  });
});
