import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { normaliseEmail } from '@beacon/domain';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { EmailSuppressions } from '../../shared/email/email-suppressions';
import { RecordProviderReportCommand } from './record-provider-report.command';

const DEFAULT_DETAIL = { bounced: 'The email provider reported a bounce.', complained: 'The recipient reported the email as spam.' } as const;

/**
 * The email provider's bounce or complaint (a verified callback): the address goes on the suppression
 * list of the organisation of the user who holds it, since every address we email is a user's. An
 * address nobody holds changes nothing (answered all the same, so the provider stops repeating it).
 */
@CommandHandler(RecordProviderReportCommand)
export class RecordProviderReportHandler implements ICommandHandler<RecordProviderReportCommand, boolean> {
  constructor(
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(EmailSuppressions) private readonly suppressions: EmailSuppressions,
  ) {}

  async execute({ report, now }: RecordProviderReportCommand): Promise<boolean> {
    const email = normaliseEmail(report.recipient);
    const userId = await this.users.userIdByEmail(email);
    const user = userId ? await this.users.state(userId) : null;
    if (user?.status !== 'registered') return false;
    const detail = report.reason?.trim() || DEFAULT_DETAIL[report.event];
    await this.suppressions.suppress(
      user.rootId,
      email,
      user.userId,
      { reason: report.event === 'bounced' ? 'bounce' : 'complaint', detail, source: 'provider_callback' },
      { actorUserId: null, now, customerGroupId: user.customerGroupId },
    );
    return true;
  }
}
