import type { Provider } from '@nestjs/common';
import { UserSelfHandler } from './queries/user-self.handler';
import { UserHandler } from './queries/user.handler';

/** The query handlers of the user reads. */
export const USERS_PROVIDERS: Provider[] = [UserSelfHandler, UserHandler];
