import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { LoggedUserDto } from '@beacon/contracts';
import { notFound } from '@beacon/domain';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { toLoggedUser } from './logged-user';
import { UserSelfQuery } from './user-self.query';

/** GET /api/user/self/?descendant_fields=true (404 when the user's read model is not there). */
@QueryHandler(UserSelfQuery)
export class UserSelfHandler implements IQueryHandler<UserSelfQuery, LoggedUserDto> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ principal }: UserSelfQuery): Promise<LoggedUserDto> {
    const user = await this.readStore.scope(principal.rootId).collection<UserDocument>(USERS).findOne({ _id: principal.userId });
    if (!user) throw notFound();
    return toLoggedUser(user);
  }
}
