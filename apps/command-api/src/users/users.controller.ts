import { Delete, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROUTES, type ImpersonationTokenDto } from '@beacon/contracts';
import { CommandController, CommandId, CurrentPrincipal, type Principal } from '@beacon/platform';
import { exposePosition } from '../shared/event-position';
import { ClearFailedLoginAttemptsCommand } from './commands/clear-failed-login-attempts.command';
import { ClearPasswordResetAttemptsCommand } from './commands/clear-password-reset-attempts.command';
import { GrantImpersonationCommand } from './commands/grant-impersonation.command';

type Response = Parameters<typeof exposePosition>[0];

/** Admin actions on a user in reach (the routes' guard admits admins only; other tenants' ids answer 404). */
@CommandController()
export class UsersController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
              ) {}

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
