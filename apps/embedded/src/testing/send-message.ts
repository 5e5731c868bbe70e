import { expect } from '@jest/globals';
import request from 'supertest';
import type { ContactFieldDto, SessionStartedDto } from '@beacon/contracts';
import { because } from '@beacon/testing';
import { auth, type TestApp } from './embedded-test-app';

/** A message's recipients: everyone in the sender's groups. */
export const EVERYONE = { include: [{ recipient_type: 'everyone', recipient_value: [] }], exclude: [], is_single_criteria: true };

/** A message's device: the channel `type` to the addresses of a contact field, tried `position`th. */
export const device = (field: ContactFieldDto, type: 'SMS' | 'VOICE' | 'EMAIL', position: number, { label = type, fieldLabel = field.label }: { label?: string; fieldLabel?: string } = {}) => ({
  dispatch_type: type,
  id: `${field.id}:${type}`,
  field_id: field.id,
  label,
  field_label: fieldLabel,
  heading: '',
  position,
});

/** Sends a message without keeping it (POST /api/scenario/send_without_saving/), answering the session it started. */
export async function sendWithoutSaving(app: TestApp, key: string, message: object): Promise<SessionStartedDto> {
  const response = await request(app.url).post('/api/scenario/send_without_saving/').set(auth(key)).send(message);
  because(JSON.stringify(response.body), () => expect(response.status).toBe(202));
  return response.body as SessionStartedDto;
}
