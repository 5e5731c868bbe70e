import { expect } from '@jest/globals';
import request from 'supertest';
import type { ContactFieldDto } from '@beacon/contracts';
import { because } from '@beacon/testing';
import { auth, type TestApp } from './embedded-test-app';

/** A contact field of a group (a mobile, a phone, an email address), made as an admin makes one. */
export async function createContactField(app: TestApp, key: string, field: { label: string; field_type: string; customer_group: string }): Promise<ContactFieldDto> {
  const response = await request(app.url).post('/api/field/').set(auth(key)).send(field);
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  return response.body as ContactFieldDto;
}

export interface NewContact {
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly customer_group: string;
  /** The person's addresses, each under its contact field. */
  readonly custom_fields: readonly { readonly field: string; readonly values: readonly string[] }[];
}

/** A person a message can be sent to (a CONTACT, in London's time zone) with the addresses given; answers the person's id. */
export async function createContact(app: TestApp, key: string, contact: NewContact): Promise<string> {
  const response = await request(app.url)
    .post('/api/user/')
    .set(auth(key))
    .send({ ...contact, customer_permission: 'CONTACT', preferred_timezone: 'Europe/London' });
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  return (response.body as { id: string }).id;
}
