import { Delete, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ROUTES, type ImpersonationTokenDto } from '@beacon/contracts';
import { CommandController, CommandId, CurrentPrincipal, type Principal } from '@beacon/platform';
import { exposePosition } from '../shared/event-position';
import { ClearFailedLoginAttemptsHandler } from './commands/clear-failed-login-attempts.handler';
import { ClearPasswordResetAttemptsHandler } from './commands/clear-password-reset-attempts.handler';
import { GrantImpersonationHandler } from './commands/grant-impersonation.handler';

type Response = Parameters<typeof exposePosition>[0];

/** Admin actions on a user in reach (the routes' guard admits admins only; other tenants' ids answer 404). */
@CommandController()
export class UsersController {
  constructor(
    @Inject(ClearFailedLoginAttemptsHandler) private readonly clearFailedLogins: ClearFailedLoginAttemptsHandler,
    @Inject(ClearPasswordResetAttemptsHandler) private readonly clearResetAttempts: ClearPasswordResetAttemptsHandler,
    @Inject(GrantImpersonationHandler) private readonly grantImpersonation: GrantImpersonationHandler,
  ) {}

  @Delete(ROUTES.deleteFailedLoginAttempts.path)
  @HttpCode(204)
  async deleteFailedLoginAttempts(
    @CurrentPrincipal() principal: Principal,
    @Param('id') userId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, await this.clearFailedLogins.execute(principal, userId, new Date(), commandId));
  }

  @Delete(ROUTES.deletePasswordResetAttempts.path)
  @HttpCode(204)
  async deletePasswordResetAttempts(
    @CurrentPrincipal() principal: Principal,
    @Param('id') userId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, await this.clearResetAttempts.execute(principal, userId, new Date(), commandId));
  }

  @Post(ROUTES.impersonate.path)
  @HttpCode(200)
  async impersonate(
    @CurrentPrincipal() principal: Principal,
    @Param('id') userId: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ImpersonationTokenDto> {
    const link = await this.grantImpersonation.execute(principal, userId, new Date());
    exposePosition(response, link.position);
    return { token: link.token, login_url: `/ui/impersonate_login/${link.token}`, expires_at: link.expiresAt.toISOString() };
  }
}
