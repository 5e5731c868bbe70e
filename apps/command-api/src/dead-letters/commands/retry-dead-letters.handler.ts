import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { READ_MODELS, type RetryDeadLettersAnswerDto } from '@beacon/contracts';
import {
  deadInLedger,
  deadLetterRetryDecider,
  deadLetterRetryStream,
  dispatchDecider,
  dispatchStream,
  foldEvents,
  notFound,
  type DispatchEvent,
} from '@beacon/domain';
import { CommandExecutor, READ_STORE } from '@beacon/platform';
import type { Document, ReadStore } from '@beacon/read-store';
import { RetryDeadLettersCommand } from './retry-dead-letters.command';

/** What the retry reads of a dead letter's document (the query API's dead-letters read model): where its ledger is. */
interface DeadLetterPlace extends Document {
  session_id: string;
  page: number;
  partition: number;
}

/**
 * An admin's retry of dead letters: each must be the organisation's (its dead-letter document, in the
 * organisation's scope) and dead in its ledger (the truth), else 404 and nothing is retried. The retry is
 * recorded per session (`dead_letters-<session>`), each dead delivery given a new attempt once; the
 * query API's retry queue then queues the jobs from that record, so a stop in between loses nothing.
 */
@CommandHandler(RetryDeadLettersCommand)
export class RetryDeadLettersHandler implements ICommandHandler<RetryDeadLettersCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ principal, deliveryIds }: RetryDeadLettersCommand): Promise<{ answer: RetryDeadLettersAnswerDto; position: number }> {
    const ids = [...new Set(deliveryIds)];
    const letters = await this.readStore
      .scope(principal.rootId)
      .collection<DeadLetterPlace>(READ_MODELS.deadLetters)
      .find({ _id: { $in: ids } }, { projection: { _id: 1, session_id: 1, page: 1, partition: 1 } });
    if (letters.length !== ids.length) throw notFound();
    const bySession = new Map<string, DeadLetterPlace[]>();
    for (const letter of letters) bySession.set(letter.session_id, [...(bySession.get(letter.session_id) ?? []), letter]);

    const answer: RetryDeadLettersAnswerDto = { retried: [], already_retried: [] };
    let position = 0;
    for (const [sessionId, sessionLetters] of bySession) {
      await this.checkDead(sessionId, sessionLetters);
      const at = new Date();
      const outcome = await this.executor.execute(
        deadLetterRetryStream(sessionId),
        deadLetterRetryDecider,
        { type: 'RetryDeadLetters', data: { sessionId, dead: sessionLetters.map((letter) => ({ deliveryId: letter._id, page: letter.page })), retriedBy: principal.userId, at: at.toISOString() } },
        { tenantId: principal.rootId, customerGroupId: principal.customerGroupId, actorUserId: principal.userId, correlationId: sessionId, acceptedAt: at },
      );
      const now = new Map(outcome.events.flatMap((event) => (event.type === 'DeadLettersRetried' ? event.data.retries : [])).map((retry) => [retry.deliveryId, retry.retryAs]));
      for (const letter of sessionLetters) {
        const retryAs = now.get(letter._id);
        if (retryAs) answer.retried.push({ id: letter._id, retry_as: retryAs });
        else answer.already_retried.push(letter._id);
      }
      position = Math.max(position, outcome.position);
    }
    return { answer, position };
  }

  /** Each must be dead in its ledger (`dispatch-<session>-<page>-<partition>`), read once per ledger. */
  private async checkDead(sessionId: string, letters: readonly DeadLetterPlace[]): Promise<void> {
    const byLedger = new Map<string, DeadLetterPlace[]>();
    for (const letter of letters) {
      const stream = dispatchStream(sessionId, letter.page, letter.partition);
      byLedger.set(stream, [...(byLedger.get(stream) ?? []), letter]);
    }
    for (const [stream, ledgerLetters] of byLedger) {
      const history = await this.executor.readStreamOrEmpty(stream);
      const ledger = foldEvents(dispatchDecider, history.map((event) => ({ type: event.type, data: event.data }) as DispatchEvent));
      if (deadInLedger(ledger, ledgerLetters.map((letter) => letter._id)).length !== ledgerLetters.length) throw notFound();
    }
  }
}
