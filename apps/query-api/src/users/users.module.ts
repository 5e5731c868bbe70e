import { Module } from '@nestjs/common';
import { UserSelfHandler } from './queries/user-self.handler';
import { UserHandler } from './queries/user.handler';
import { UserController } from './user.controller';

/** The user reads. */
@Module({
  controllers: [UserController],
  providers: [UserSelfHandler, UserHandler],
})
export class UsersModule {}
