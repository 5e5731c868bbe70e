import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { INVALID_CREDENTIALS_MESSAGE, userDecider, userStream, validationError } from '@beacon/domain';
import { AuthTokenService, CommandExecutor } from '@beacon/platform';
import { CredentialStore } from '../../users/credential-store';
import { UserLookup } from '../../users/user-lookup';

export interface SignInResult {
  readonly key: string;
  readonly position: number;
}

const invalidCredentials = () => validationError(INVALID_CREDENTIALS_MESSAGE, { non_field_errors: [INVALID_CREDENTIALS_MESSAGE] });

/** Verifies the password, records the sign-in (or the failed attempt) and issues a token. */
@Injectable()
export class SignInHandler {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
  ) {}

  async execute(email: string, password: string, now: Date): Promise<SignInResult> {
    const userId = await this.users.userIdByEmail(email);
    const passwordVerified = await this.credentials.verify(userId, password);
    if (!userId) throw invalidCredentials();
    const user = await this.users.state(userId);
    if (user.status !== 'registered') throw invalidCredentials();
    const sessionId = randomUUID();
    const outcome = await this.executor.execute(
      userStream(userId),
      userDecider,
      { type: 'SignIn', data: { sessionId, passwordVerified } },
      { tenantId: user.rootId, customerGroupId: user.customerGroupId, actorUserId: userId, acceptedAt: now },
    );
    if (!outcome.events.some((event) => event.type === 'UserSignedIn')) throw invalidCredentials();
    const key = await this.tokens.issue(
      {
        userId,
        email: user.email,
        sessionId,
        customerGroupId: user.customerGroupId,
        rootId: user.rootId,
        customerPermission: user.customerPermission,
      },
      now.getTime(),
    );
    return { key, position: outcome.position };
  }
}
