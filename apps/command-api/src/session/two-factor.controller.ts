import { Body, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROUTES, TotpConfirmRequestSchema, TotpDisableRequestSchema, type DetailResponse, type TotpSetupResponse } from '@beacon/contracts';
import { CommandController, CurrentPrincipal, type Principal, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { REQUIRED_FIELDS_MISSING } from '../shared/request-fields';
import { DisableTwoFactorCommand } from './commands/disable-two-factor.command';
import { EnableTwoFactorCommand } from './commands/enable-two-factor.command';
import { StartTwoFactorSetupCommand } from './commands/start-two-factor-setup.command';

type Response = Parameters<typeof exposePosition>[0];

/** TOTP second factor for oneself: set up, confirm with a code, switch off with the password. */
@CommandController()
export class TwoFactorController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
              ) {}

  @Post(ROUTES.totpSetup.path)
  @HttpCode(200)
  async setup(@CurrentPrincipal() principal: Principal, @Res({ passthrough: true }) response: Response): Promise<TotpSetupResponse> {
    const result = await this.commandBus.execute(new StartTwoFactorSetupCommand(principal, new Date()));
    exposePosition(response, result.position);
    return { otpauth_url: result.otpauthUrl };
  }

  @Post(ROUTES.totpConfirm.path)
  @HttpCode(200)
  async confirm(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(TotpConfirmRequestSchema, REQUIRED_FIELDS_MISSING)) { code }: z.output<typeof TotpConfirmRequestSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DetailResponse> {
    exposePosition(response, await this.commandBus.execute(new EnableTwoFactorCommand(principal, code, new Date())));
    return { detail: 'Two-factor authentication is on.' };
  }

  @Post(ROUTES.totpDisable.path)
  @HttpCode(200)
  async disableTwoFactor(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(TotpDisableRequestSchema, REQUIRED_FIELDS_MISSING)) { password }: z.output<typeof TotpDisableRequestSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DetailResponse> {
    exposePosition(response, await this.commandBus.execute(new DisableTwoFactorCommand(principal, password, new Date())));
    return { detail: 'Two-factor authentication is off.' };
  }
}
