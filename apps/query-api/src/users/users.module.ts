import { Module } from '@nestjs/common';
import { UserListHandler } from './queries/user-list.handler';
import { UserSelfHandler } from './queries/user-self.handler';
import { UserHandler } from './queries/user.handler';
import { UserController } from './user.controller';

/** The user reads: one user, the signed-in user, and a customer group's users. */
@Module({
  controllers: [UserController],
  providers: [UserSelfHandler, UserHandler, UserListHandler],
})
export class UsersModule {}
