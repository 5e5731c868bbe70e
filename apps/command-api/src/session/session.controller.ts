import { Body, Controller, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { ROUTES, type LoginResponse } from '@beacon/contracts';
import { CurrentPrincipal, Public, type Principal } from '@beacon/platform';
import { exposePosition } from '../shared/event-position';
import { queryFlag, requiredStrings } from '../shared/request-fields';
import { SignInHandler } from './commands/sign-in.handler';
import { SignOutHandler } from './commands/sign-out.handler';

type Response = Parameters<typeof exposePosition>[0];

@Controller()
export class SessionController {
  constructor(
    @Inject(SignInHandler) private readonly signIn: SignInHandler,
    @Inject(SignOutHandler) private readonly signOut: SignOutHandler,
  ) {}

  @Public()
  @Post(ROUTES.login.path)
  @HttpCode(200)
  async login(@Body() body: unknown, @Res({ passthrough: true }) response: Response): Promise<LoginResponse> {
    const { email, password } = requiredStrings(body, ['email', 'password'] as const);
    const result = await this.signIn.execute(email, password, new Date());
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
