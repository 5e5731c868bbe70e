import { Body, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  PasswordChangeRequestSchema,
  PasswordResetConfirmRequestSchema,
  PasswordResetRequestSchema,
  ROUTES,
  type DetailResponse,
} from '@beacon/contracts';
import { CommandController, CurrentPrincipal, type Principal, Public, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { REQUIRED_FIELDS_MISSING } from '../shared/request-fields';
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
  async reset(@Body(new ZodBodyPipe(PasswordResetRequestSchema, REQUIRED_FIELDS_MISSING)) { email }: z.output<typeof PasswordResetRequestSchema>): Promise<DetailResponse> {
    await this.commandBus.execute(new RequestPasswordResetCommand(email, new Date()));
    return { detail: PASSWORD_RESET_SENT_MESSAGE };
  }

  @Public()
  @Post(ROUTES.passwordResetConfirm.path)
  @HttpCode(200)
  async confirm(
    @Body(new ZodBodyPipe(PasswordResetConfirmRequestSchema, REQUIRED_FIELDS_MISSING)) input: z.output<typeof PasswordResetConfirmRequestSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DetailResponse> {
    exposePosition(response, await this.commandBus.execute(new ResetPasswordCommand(input, new Date())));
    return { detail: 'Password has been reset with the new password.' };
  }

  @Post(ROUTES.passwordChange.path)
  @HttpCode(200)
  async change(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(PasswordChangeRequestSchema, REQUIRED_FIELDS_MISSING)) input: z.output<typeof PasswordChangeRequestSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DetailResponse> {
    exposePosition(response, await this.commandBus.execute(new ChangePasswordCommand(principal, input, new Date())));
    return { detail: 'New password has been saved.' };
  }
}
