import { Body, HttpCode, Inject, Post, Query, Res, UseFilters } from '@nestjs/common';
import { ROUTES, type LoginResponse, type TwoFactorRequiredResponse } from '@beacon/contracts';
import { CommandController, CurrentPrincipal, type Principal, Public } from '@beacon/platform';
import { exposePosition } from '../shared/event-position';
import { queryFlag, requiredStrings } from '../shared/request-fields';
import { ClientAddress } from './client-address';
import { CompleteSecondFactorHandler } from './commands/complete-second-factor.handler';
import { ImpersonatedSignInHandler } from './commands/impersonated-sign-in.handler';
import { SignInHandler } from './commands/sign-in.handler';
import { SignOutHandler } from './commands/sign-out.handler';
import { SignInThrottledFilter } from './sign-in-throttled.filter';

type Response = Parameters<typeof exposePosition>[0];

@CommandController()
@UseFilters(SignInThrottledFilter)
export class SessionController {
  constructor(
    @Inject(SignInHandler) private readonly signIn: SignInHandler,
    @Inject(CompleteSecondFactorHandler) private readonly secondFactor: CompleteSecondFactorHandler,
    @Inject(ImpersonatedSignInHandler) private readonly impersonated: ImpersonatedSignInHandler,
    @Inject(SignOutHandler) private readonly signOut: SignOutHandler,
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
    const result = await this.signIn.execute(email, password, clientAddress, new Date());
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
    const result = await this.secondFactor.execute(ephemeral_token, code, clientAddress, new Date());
    exposePosition(response, result.position);
    return { key: result.key };
  }

  @Public()
  @Post(ROUTES.impersonateLogin.path)
  @HttpCode(200)
  async impersonateLogin(@Body() body: unknown, @Res({ passthrough: true }) response: Response): Promise<LoginResponse> {
    const { token } = requiredStrings(body, ['token'] as const);
    const result = await this.impersonated.execute(token, new Date());
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
    exposePosition(response, await this.signOut.execute(principal, queryFlag(inactivity), new Date()));
    return { detail: 'Successfully logged out.' };
  }
}
