import { Body, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROUTES, type DetailResponse } from '@beacon/contracts';
import { CommandController, CurrentPrincipal, type Principal, Public } from '@beacon/platform';
import { exposePosition } from '../shared/event-position';
import { requiredStrings } from '../shared/request-fields';
import { ChangePasswordCommand } from './commands/change-password.command';
import { RequestPasswordResetCommand } from './commands/request-password-reset.command';
import { ResetPasswordCommand } from './commands/reset-password.command';

type Response = Parameters<typeof exposePosition>[0];

/** dj-rest-auth's answer, given whether or not the email belongs to a user. */
export const PASSWORD_RESET_SENT_MESSAGE = 'Password reset e-mail has been sent.';

@CommandController()
export class PasswordController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
              ) {}

  @Public()
  @Post(ROUTES.passwordReset.path)
  @HttpCode(200)
  async reset(@Body() body: unknown): Promise<DetailResponse> {
    const { email } = requiredStrings(body, ['email'] as const);
    await this.commandBus.execute(new RequestPasswordResetCommand(email, new Date()));
    return { detail: PASSWORD_RESET_SENT_MESSAGE };
  }

  @Public()
  @Post(ROUTES.passwordResetConfirm.path)
  @HttpCode(200)
  async confirm(@Body() body: unknown, @Res({ passthrough: true }) response: Response): Promise<DetailResponse> {
    const input = requiredStrings(body, ['uid', 'token', 'new_password1', 'new_password2'] as const);
    exposePosition(response, await this.commandBus.execute(new ResetPasswordCommand(input, new Date())));
    return { detail: 'Password has been reset with the new password.' };
  }

  @Post(ROUTES.passwordChange.path)
  @HttpCode(200)
  async change(
    @CurrentPrincipal() principal: Principal,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DetailResponse> {
    const input = requiredStrings(body, ['old_password', 'new_password1', 'new_password2'] as const);
    exposePosition(response, await this.commandBus.execute(new ChangePasswordCommand(principal, input, new Date())));
    return { detail: 'New password has been saved.' };
  }
}
