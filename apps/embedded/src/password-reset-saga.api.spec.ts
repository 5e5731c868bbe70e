import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventBus } from '@nestjs/cqrs';
import request from 'supertest';
import { mailFolder } from '@beacon/command-api';
import { userStream } from '@beacon/domain';
import { EventAppended } from '@beacon/platform';
import { eventually, sleep, startTestApp, type TestApp } from './testing/embedded-test-app';
import { allEvents, createUser, deliveredResetLink } from './testing/users';

/**
 * The reset email is a saga's step: the request records UserPasswordResetRequested, and
 * PasswordResetSaga answers the appended event with SendPasswordResetEmailCommand.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.close();
});

/** The emails in the mail folder addressed to `to`. */
async function emailsTo(to: string): Promise<string[]> {
  const folder = mailFolder(app.config.dataDir);
  const messages = await Promise.all((await readdir(folder)).map((file) => readFile(join(folder, file), 'utf8')));
  return messages.filter((message) => message.startsWith(`To: ${to}\n`));
}

const requestReset = (email: string) => request(app.url).post('/api/rest-auth/password/reset/').send({ email }).expect(200);

describe('the password reset saga', () => {
  it('emails the link of a recorded reset, whose grant is the one the event recorded', async () => {
    const user = await createUser(app);
    await requestReset(user.email);

    const link = await deliveredResetLink(app, user.email);
    expect(link.uid).toBe(user.userId);
    const requested = (await allEvents(app)).filter((event) => event.type === 'UserPasswordResetRequested' && event.streamName === userStream(user.userId));
    expect(requested).toHaveLength(1);
    await request(app.url)
      .post('/api/rest-auth/password/reset/confirm/')
      .send({ uid: link.uid, token: link.token, new_password1: 'Another-secret-42', new_password2: 'Another-secret-42' })
      .expect(200);
  });

  it('emails a reset once when its event is delivered again', async () => {
    const user = await createUser(app);
    await requestReset(user.email);
    await eventually(async () => expect(await emailsTo(user.email)).toHaveLength(1));

    const [requested] = (await allEvents(app)).filter((event) => event.type === 'UserPasswordResetRequested' && event.streamName === userStream(user.userId));
    app.app.get(EventBus).publish(new EventAppended(requested!.streamName, requested!, requested!.position));
    await sleep(300);
    expect(await emailsTo(user.email)).toHaveLength(1);
  });

  it('emails each reset of a user: a second request is a second grant and a second email', async () => {
    const user = await createUser(app);
    await requestReset(user.email);
    await eventually(async () => expect(await emailsTo(user.email)).toHaveLength(1));
    await requestReset(user.email);
    await eventually(async () => expect(await emailsTo(user.email)).toHaveLength(2));
  });
});
