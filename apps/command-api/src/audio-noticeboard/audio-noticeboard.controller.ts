import { Body, Inject, Patch, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeAudioNoticeboardRequestSchema, ROUTES, type AudioNoticeboardDto } from '@beacon/contracts';
import { asE164, notFound } from '@beacon/domain';
import { CommandController, CommandId, CurrentPrincipal, type Principal, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { ChangeAudioNoticeboardCommand } from './commands/change-audio-noticeboard.command';

type Response = Parameters<typeof exposePosition>[0];

@CommandController()
export class AudioNoticeboardController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  /** PATCH /api/audio-noticeboard/ (spec part 2 §7): phone_number and message; answers the noticeboard as now set. */
  @Patch(ROUTES.changeAudioNoticeboard.path)
  async change(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(ChangeAudioNoticeboardRequestSchema, { detail: 'Invalid audio noticeboard.' }))
    { phone_number, message }: z.output<typeof ChangeAudioNoticeboardRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AudioNoticeboardDto> {
    const outcome = await this.commandBus.execute(new ChangeAudioNoticeboardCommand(principal, phone_number, message, commandId));
    exposePosition(response, outcome.position);
    const group = outcome.state;
    const e164 = asE164(phone_number);
    const number = group.status === 'active' ? group.settings.noticeboard_numbers.find((entry) => entry.phone_number === e164) : undefined;
    if (group.status !== 'active' || !number) throw notFound();
    return { ...number, is_default: group.settings.default_noticeboards.includes(e164), message: group.noticeboardMessages.get(e164) ?? '' };
  }
}
