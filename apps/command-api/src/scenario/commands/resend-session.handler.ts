import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { foldEvents, messageSessionDecider, messageSessionStream, notFound, type MessageSessionEvent } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ResendSessionCommand } from './resend-session.command';

/**
 * A resend to the people of a session with a reply label: recorded on the session's stream; the
 * planner in the query API picks the people and queues their new attempts after the answer. A session
 * of a group out of the caller's reach (or of another organisation) answers 404.
 */
@CommandHandler(ResendSessionCommand)
export class ResendSessionHandler implements ICommandHandler<ResendSessionCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
  ) {}

  async execute({ principal, sessionId, reply, commandId }: ResendSessionCommand) {
    const stream = messageSessionStream(sessionId);
    const state = foldEvents(messageSessionDecider, (await this.executor.readStreamOrEmpty(stream)).map((event) => ({ type: event.type, data: event.data }) as MessageSessionEvent));
    if (state.status === 'none') throw notFound();
    const group = await this.access.reachableGroup(principal, state.origin.customerGroupId);
    const acceptedAt = new Date();
    return this.executor.execute(stream, messageSessionDecider, { type: 'ResendMessageSession', data: { reply, requestedBy: principal.userId, at: acceptedAt.toISOString() } }, {
      commandId,
      tenantId: group.rootId,
      customerGroupId: group.customerGroupId,
      actorUserId: principal.userId,
      acceptedAt,
    });
  }
}
