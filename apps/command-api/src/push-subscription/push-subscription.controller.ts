import { Body, Delete, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RegisterPushSubscriptionRequestSchema, RemovePushSubscriptionQuerySchema, ROUTES, type PushSubscriptionRegisteredDto } from '@beacon/contracts';
import { CommandController, CommandId, CurrentPrincipal, type Principal, ZodBodyPipe, ZodQueryPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { RegisterPushSubscriptionCommand } from './commands/register-push-subscription.command';
import { RemovePushSubscriptionCommand } from './commands/remove-push-subscription.command';

type Response = Parameters<typeof exposePosition>[0];

/** The signed-in user's browsers for push messages (push-subscription.routes.ts). */
@CommandController()
export class PushSubscriptionController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(ROUTES.registerPushSubscription.path)
  @HttpCode(201)
  async register(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(RegisterPushSubscriptionRequestSchema)) input: z.output<typeof RegisterPushSubscriptionRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PushSubscriptionRegisteredDto> {
    const { id, position } = await this.commandBus.execute(new RegisterPushSubscriptionCommand(principal, input.endpoint, input.keys, new Date(), commandId));
    exposePosition(response, position);
    return { id };
  }

  @Delete(ROUTES.removePushSubscription.path)
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Query(new ZodQueryPipe(RemovePushSubscriptionQuerySchema)) { endpoint }: z.output<typeof RemovePushSubscriptionQuerySchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, await this.commandBus.execute(new RemovePushSubscriptionCommand(principal, endpoint, new Date(), commandId)));
  }
}
