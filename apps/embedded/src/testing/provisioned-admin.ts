import request from 'supertest';
import { eventually, login, type TestApp } from './embedded-test-app';
import { deliveredEmail } from './users';

/** The password a provisioned organisation's first admin sets from the welcome email. */
export const PROVISIONED_ADMIN_PASSWORD = 'Provisioned-admin-42';

/** A provisioned organisation's first admin sets a password through the welcome email's link and signs in: their token. */
export async function signInAsProvisionedAdmin(app: TestApp, email: string): Promise<string> {
  const link = await eventually(async () => {
    const match = /\/ui\/reset\/([^/\s]+)\/([^/\s]+)/.exec(await deliveredEmail(app, email));
    if (!match) throw new Error(`no link for ${email}`);
    return { uid: decodeURIComponent(match[1]!), token: match[2]! };
  });
  const password = PROVISIONED_ADMIN_PASSWORD;
  await request(app.url).post('/api/rest-auth/password/reset/confirm/').send({ uid: link.uid, token: link.token, new_password1: password, new_password2: password }).expect(200);
  return login(app, email, password);
}
