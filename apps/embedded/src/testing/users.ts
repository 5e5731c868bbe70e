import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import request from 'supertest';
import { CommandBus } from '@nestjs/cqrs';
import { DEMO_ROOT_ID, mailFolder, RegisterUserCommand } from '@beacon/command-api';
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
  await app.app.get(CommandBus).execute(new RegisterUserCommand(
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
  ));
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

/** The newest email delivered to `to` (the embedded channel's mail folder, which only the recipient reads), whole. */
export async function deliveredEmail(app: TestApp, to: string): Promise<string> {
  return eventually(async () => {
    const folder = mailFolder(app.config.dataDir);
    const files = (await readdir(folder)).sort().reverse();
    for (const file of files) {
      const message = await readFile(join(folder, file), 'utf8');
      if (message.startsWith(`To: ${to}\n`)) return message;
    }
    throw new Error(`no email delivered to ${to}`);
  });
}

/** uid and token of the /ui/reset/{uid}/{token} link in the newest reset email delivered to `to`. */
export async function deliveredResetLink(app: TestApp, to: string): Promise<{ uid: string; token: string }> {
  const message = await deliveredEmail(app, to);
  const match = /\/ui\/reset\/([^/\s]+)\/([^/\s]+)/.exec(message);
  if (!match) throw new Error(`no reset link in: ${message}`);
  return { uid: decodeURIComponent(match[1]!), token: match[2]! };
}

export async function allEvents(app: TestApp): Promise<RecordedEvent[]> {
  return app.app.get<EventStore>(EVENT_STORE).readAll();
}
