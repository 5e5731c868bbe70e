import { Body, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROUTES, RetryDeadLettersRequestSchema, type RetryDeadLettersAnswerDto } from '@beacon/contracts';
import { CommandController, CurrentPrincipal, type Principal, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { RetryDeadLettersCommand } from './commands/retry-dead-letters.command';

type Response = Parameters<typeof exposePosition>[0];

/** POST /api/dead_letters/retry/ (admin): a new attempt for each chosen dead letter, once. */
@CommandController()
export class DeadLettersController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(ROUTES.retryDeadLetters.path)
  @HttpCode(200)
  async retry(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(RetryDeadLettersRequestSchema)) input: z.output<typeof RetryDeadLettersRequestSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<RetryDeadLettersAnswerDto> {
    const { answer, position } = await this.commandBus.execute(new RetryDeadLettersCommand(principal, input.ids));
    exposePosition(response, position);
    return answer;
  }
}
