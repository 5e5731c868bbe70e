import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DEMO_ROOT_ID, RegisterUserHandler } from '@beacon/command-api';
import type { EmailOutboxDto, OutboxEmailDto } from '@beacon/contracts';
import type { CustomerPermission } from '@beacon/domain';
import { EVENT_STORE } from '@beacon/platform';
import type { EventStore, RecordedEvent } from '@beacon/event-store';
import { auth, eventually, type TestApp } from './embedded-test-app';

export interface TestUser {
  readonly userId: string;
  readonly email: string;
  readonly password: string;
}

/** A new user with a password of its own, by default an operator in the demo tenant's root group. */
export async function createUser(
  app: TestApp,
  options: { role?: CustomerPermission; customerGroupId?: string; rootId?: string } = {},
): Promise<TestUser> {
  const userId = randomUUID();
  const email = `user-${userId.slice(0, 8)}@demo.test`;
  const password = `Pw-${randomUUID()}`;
  const rootId = options.rootId ?? DEMO_ROOT_ID;
  await app.app.get(RegisterUserHandler).execute(
    {
      user: {
        userId,
        email,
        firstName: 'Test',
        lastName: 'User',
        customerGroupId: options.customerGroupId ?? rootId,
        rootId,
        customerPermission: options.role ?? 'OPERATOR',
        isTemporary: false,
        preferredTimezone: 'Europe/London',
      },
      password,
    },
    { commandId: randomUUID(), tenantId: rootId, actorUserId: null, acceptedAt: new Date() },
  );
  return { userId, email, password };
}

/** The newest email the outbox holds for `to`, read as the tenant's admin; waits until one newer than `after` arrives. */
export async function latestEmail(app: TestApp, adminKey: string, to: string, after?: string): Promise<OutboxEmailDto> {
  return eventually(async () => {
    const response = await request(app.url).get('/api/email_outbox/').set(auth(adminKey)).expect(200);
    const email = (response.body as EmailOutboxDto).results.find((entry) => entry.to === to && entry.id !== after);
    if (!email) throw new Error(`no email to ${to} in the outbox`);
    return email;
  });
}

/** uid and token of the /ui/reset/{uid}/{token} link in a reset email. */
export function resetLinkOf(email: OutboxEmailDto): { uid: string; token: string } {
  const match = /\/ui\/reset\/([^/\s]+)\/([^/\s]+)/.exec(email.text);
  if (!match) throw new Error(`no reset link in: ${email.text}`);
  return { uid: decodeURIComponent(match[1]!), token: match[2]! };
}

export async function allEvents(app: TestApp): Promise<RecordedEvent[]> {
  return app.app.get<EventStore>(EVENT_STORE).readAll();
}
