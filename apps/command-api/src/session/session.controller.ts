import { Body, HttpCode, Inject, Post, Query, Res, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROUTES, type LoginResponse, type TwoFactorRequiredResponse } from '@beacon/contracts';
import { CommandController, CurrentPrincipal, type Principal, Public } from '@beacon/platform';
import { exposePosition } from '../shared/event-position';
import { queryFlag, requiredStrings } from '../shared/request-fields';
import { ClientAddress } from './client-address';
import { SignInThrottledFilter } from './sign-in-throttled.filter';
import { CompleteSecondFactorCommand } from './commands/complete-second-factor.command';
import { ImpersonatedSignInCommand } from './commands/impersonated-sign-in.command';
import { SignInCommand } from './commands/sign-in.command';
import { SignOutCommand } from './commands/sign-out.command';

type Response = Parameters<typeof exposePosition>[0];

@CommandController()
@UseFilters(SignInThrottledFilter)
export class SessionController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
                  ) {}

  /** A key, or for a user with two-factor on, an ephemeral token for POST /api/rest-auth/login/2fa/. */
  @Public()
  @Post(ROUTES.login.path)
  @HttpCode(200)
  async login(
    @Body() body: unknown,
    @ClientAddress() clientAddress: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginResponse | TwoFactorRequiredResponse> {
    const { email, password } = requiredStrings(body, ['email', 'password'] as const);
    const result = await this.commandBus.execute(new SignInCommand(email, password, clientAddress, new Date()));
    exposePosition(response, result.position);
    return result.kind === 'signed_in' ? { key: result.key } : { two_factor_required: true, ephemeral_token: result.ephemeralToken };
  }

  @Public()
  @Post(ROUTES.loginSecondFactor.path)
  @HttpCode(200)
  async loginSecondFactor(
    @Body() body: unknown,
    @ClientAddress() clientAddress: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginResponse> {
    const { ephemeral_token, code } = requiredStrings(body, ['ephemeral_token', 'code'] as const);
    const result = await this.commandBus.execute(new CompleteSecondFactorCommand(ephemeral_token, code, clientAddress, new Date()));
    exposePosition(response, result.position);
    return { key: result.key };
  }

  @Public()
  @Post(ROUTES.impersonateLogin.path)
  @HttpCode(200)
  async impersonateLogin(@Body() body: unknown, @Res({ passthrough: true }) response: Response): Promise<LoginResponse> {
    const { token } = requiredStrings(body, ['token'] as const);
    const result = await this.commandBus.execute(new ImpersonatedSignInCommand(token, new Date()));
    exposePosition(response, result.position);
    return { key: result.key };
  }

  @Post(ROUTES.logout.path)
  @HttpCode(200)
  async logout(
    @CurrentPrincipal() principal: Principal,
    @Query('inactivity') inactivity: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ detail: string }> {
    exposePosition(response, await this.commandBus.execute(new SignOutCommand(principal, queryFlag(inactivity), new Date())));
    return { detail: 'Successfully logged out.' };
  }
}
