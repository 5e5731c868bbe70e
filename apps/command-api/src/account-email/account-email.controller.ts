import { Delete, Get, HttpCode, Inject, Param, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ReissueWelcomeEmailQuerySchema, ROUTES, type WelcomeEmailIssuedDto } from '@beacon/contracts';
import { CommandController, CommandId, CurrentPrincipal, type Principal, ZodQueryPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { ClearEmailSuppressionCommand } from './commands/clear-email-suppression.command';
import { ReissueWelcomeEmailCommand } from './commands/reissue-welcome-email.command';

type Response = Parameters<typeof exposePosition>[0];

export const WELCOME_EMAIL_SENT_MESSAGE = 'The welcome email has been sent.';

/** Account emails of users in the caller's reach (guards in account-email.routes.ts; other tenants' ids answer 404). */
@CommandController()
export class AccountEmailController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  /** GET /api/reissue_welcome_email/{id}/?is_aproved=true (spec part 2 §7): a GET that writes, as the spec has it. */
  @Get(ROUTES.reissueWelcomeEmail.path)
  async reissueWelcomeEmail(
    @CurrentPrincipal() principal: Principal,
    @Param('id') userId: string,
    @Query(new ZodQueryPipe(ReissueWelcomeEmailQuerySchema)) { is_aproved }: z.output<typeof ReissueWelcomeEmailQuerySchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<WelcomeEmailIssuedDto> {
    const issued = await this.commandBus.execute(new ReissueWelcomeEmailCommand(principal, userId, is_aproved, new Date(), commandId));
    exposePosition(response, issued.position);
    return { detail: WELCOME_EMAIL_SENT_MESSAGE, expires_at: issued.expiresAt };
  }

  /** DELETE /api/mailgun_suppression/{id}/ (spec part 2 §7). */
  @Delete(ROUTES.deleteEmailSuppression.path)
  @HttpCode(204)
  async deleteEmailSuppression(
    @CurrentPrincipal() principal: Principal,
    @Param('id') userId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, await this.commandBus.execute(new ClearEmailSuppressionCommand(principal, userId, new Date(), commandId)));
  }
}
