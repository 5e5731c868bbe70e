import { Body, HttpCode, Inject, Post, Query, Res, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ImpersonateLoginRequestSchema,
  LoginRequestSchema,
  LogoutQuerySchema,
  ROUTES,
  SecondFactorLoginRequestSchema,
  type LoginResponse,
  type TwoFactorRequiredResponse,
} from '@beacon/contracts';
import { CommandController, CurrentPrincipal, type Principal, Public, ZodBodyPipe, ZodQueryPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { REQUIRED_FIELDS_MISSING } from '../shared/request-fields';
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
    @Body(new ZodBodyPipe(LoginRequestSchema, REQUIRED_FIELDS_MISSING)) { email, password }: z.output<typeof LoginRequestSchema>,
    @ClientAddress() clientAddress: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginResponse | TwoFactorRequiredResponse> {
    const result = await this.commandBus.execute(new SignInCommand(email, password, clientAddress, new Date()));
    exposePosition(response, result.position);
    return result.kind === 'signed_in' ? { key: result.key } : { two_factor_required: true, ephemeral_token: result.ephemeralToken };
  }

  @Public()
  @Post(ROUTES.loginSecondFactor.path)
  @HttpCode(200)
  async loginSecondFactor(
    @Body(new ZodBodyPipe(SecondFactorLoginRequestSchema, REQUIRED_FIELDS_MISSING)) { ephemeral_token, code }: z.output<typeof SecondFactorLoginRequestSchema>,
    @ClientAddress() clientAddress: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginResponse> {
    const result = await this.commandBus.execute(new CompleteSecondFactorCommand(ephemeral_token, code, clientAddress, new Date()));
    exposePosition(response, result.position);
    return { key: result.key };
  }

  @Public()
  @Post(ROUTES.impersonateLogin.path)
  @HttpCode(200)
  async impersonateLogin(
    @Body(new ZodBodyPipe(ImpersonateLoginRequestSchema, REQUIRED_FIELDS_MISSING)) { token }: z.output<typeof ImpersonateLoginRequestSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginResponse> {
    const result = await this.commandBus.execute(new ImpersonatedSignInCommand(token, new Date()));
    exposePosition(response, result.position);
    return { key: result.key };
  }

  @Post(ROUTES.logout.path)
  @HttpCode(200)
  async logout(
    @CurrentPrincipal() principal: Principal,
    @Query(new ZodQueryPipe(LogoutQuerySchema)) { inactivity }: z.output<typeof LogoutQuerySchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ detail: string }> {
    exposePosition(response, await this.commandBus.execute(new SignOutCommand(principal, inactivity, new Date())));
    return { detail: 'Successfully logged out.' };
  }
}
