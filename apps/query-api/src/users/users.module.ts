import { Module } from '@nestjs/common';
import { UserExportHandler } from './queries/user-export.handler';
import { UserListHandler } from './queries/user-list.handler';
import { UserSelfHandler } from './queries/user-self.handler';
import { UserHandler } from './queries/user.handler';
import { UserController } from './user.controller';

/** The user reads: one user, the signed-in user, and a customer group's users, and their exports. */
@Module({
  controllers: [UserController],
  providers: [UserSelfHandler, UserHandler, UserListHandler, UserExportHandler],
})
export class UsersModule {}
