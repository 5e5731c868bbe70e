import { Body, Delete, HttpCode, Inject, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeUserRequestSchema, CreateUserRequestSchema, ROUTES, type ImpersonationTokenDto, type UserDto } from '@beacon/contracts';
import type { RegisteredUser } from '@beacon/domain';
import { AuthTokenService, CommandController, CommandId, CurrentPrincipal, type Principal, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { ChangeUserCommand } from './commands/change-user.command';
import { CreateUserCommand } from './commands/create-user.command';
import { DeleteUserCommand } from './commands/delete-user.command';
import { userDtoOf } from './user-dto';
import { ClearFailedLoginAttemptsCommand } from './commands/clear-failed-login-attempts.command';
import { ClearPasswordResetAttemptsCommand } from './commands/clear-password-reset-attempts.command';
import { GrantImpersonationCommand } from './commands/grant-impersonation.command';

type Response = Parameters<typeof exposePosition>[0];

/** Writes on users in the caller's reach (each route's guard is in users.routes.ts; other tenants' ids answer 404). */
@CommandController()
export class UsersController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
  ) {}

  /** POST /api/user/ (spec part 2 §7): answers 201 with the user as GET /api/user/{id}/ shows it. */
  @Post(ROUTES.createUser.path)
  @HttpCode(201)
  async createUser(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(CreateUserRequestSchema, { detail: 'Invalid user details.' })) input: z.output<typeof CreateUserRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UserDto> {
    const outcome = await this.commandBus.execute(new CreateUserCommand(principal, input, commandId));
    exposePosition(response, outcome.position);
    return this.answer(outcome.user);
  }

  /** PUT /api/user/{id}/ (spec part 2 §7): the fields sent; answers the user as now stored. */
  @Put(ROUTES.changeUser.path)
  async changeUser(
    @CurrentPrincipal() principal: Principal,
    @Param('id') userId: string,
    @Body(new ZodBodyPipe(ChangeUserRequestSchema, { detail: 'Invalid user details.' })) input: z.output<typeof ChangeUserRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UserDto> {
    const outcome = await this.commandBus.execute(new ChangeUserCommand(principal, userId, input, commandId));
    exposePosition(response, outcome.position);
    return this.answer(outcome.user);
  }

  /** DELETE /api/user/{id}/ (spec part 2 §7). */
  @Delete(ROUTES.deleteUser.path)
  @HttpCode(204)
  async deleteUser(
    @CurrentPrincipal() principal: Principal,
    @Param('id') userId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, await this.commandBus.execute(new DeleteUserCommand(principal, userId, commandId)));
  }

  private async answer(user: RegisteredUser): Promise<UserDto> {
    return userDtoOf(user, await this.tokens.lastActivity(user.userId), new Date());
  }

  @Delete(ROUTES.deleteFailedLoginAttempts.path)
  @HttpCode(204)
  async deleteFailedLoginAttempts(
    @CurrentPrincipal() principal: Principal,
    @Param('id') userId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, await this.commandBus.execute(new ClearFailedLoginAttemptsCommand(principal, userId, new Date(), commandId)));
  }

  @Delete(ROUTES.deletePasswordResetAttempts.path)
  @HttpCode(204)
  async deletePasswordResetAttempts(
    @CurrentPrincipal() principal: Principal,
    @Param('id') userId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, await this.commandBus.execute(new ClearPasswordResetAttemptsCommand(principal, userId, new Date(), commandId)));
  }

  @Post(ROUTES.impersonate.path)
  @HttpCode(200)
  async impersonate(
    @CurrentPrincipal() principal: Principal,
    @Param('id') userId: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ImpersonationTokenDto> {
    const link = await this.commandBus.execute(new GrantImpersonationCommand(principal, userId, new Date()));
    exposePosition(response, link.position);
    return { token: link.token, login_url: `/ui/impersonate_login/${link.token}`, expires_at: link.expiresAt.toISOString() };
  }
}
