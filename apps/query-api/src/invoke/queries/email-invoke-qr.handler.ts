import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EmailInvokeQrDto } from '@beacon/contracts';
import { EMAIL_INVOKE_OFF, emailInvokeAddress, emailInvokeMailto, notFound, validationError } from '@beacon/domain';
import { PLATFORM_CONFIG, READ_STORE, type PlatformConfig } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { toDataURL } from 'qrcode';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { SCENARIOS, type ScenarioDocument } from '../../shared/read-models/scenarios.read-model';
import { EmailInvokeTokens } from '../email-invoke-tokens';
import { EmailInvokeQrQuery } from './email-invoke-qr.query';

/**
 * Module size and quiet zone of the QR code: 8 pixels a module reads well on screen and prints sharp;
 * error correction M survives a smudged or folded printout.
 */
const QR_OPTIONS = { type: 'image/png', errorCorrectionLevel: 'M', margin: 4, scale: 8 } as const;

/** POST /api/email_invoke/generate_invoke_qr/: 404 for a message outside the caller's reach, 400 when it is not invoked by email. */
@QueryHandler(EmailInvokeQrQuery)
export class EmailInvokeQrHandler implements IQueryHandler<EmailInvokeQrQuery, EmailInvokeQrDto> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(EmailInvokeTokens) private readonly tokens: EmailInvokeTokens,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async execute({ principal, scenarioId }: EmailInvokeQrQuery): Promise<EmailInvokeQrDto> {
    const scenario = await this.readStore.scope(principal.rootId).collection<ScenarioDocument>(SCENARIOS).findOne({ _id: scenarioId });
    if (!scenario) throw notFound();
    await this.groups.reachable(principal, scenario.customer_group);
    if (!scenario.is_email_invoke) throw validationError(EMAIL_INVOKE_OFF, { scenario: [EMAIL_INVOKE_OFF] });
    const address = emailInvokeAddress(await this.tokens.tokenOf(principal.rootId, scenario._id), this.config.invokeEmailDomain);
    const mailto = emailInvokeMailto(address, scenario.name);
    return { scenario: scenario._id, email_address: address, subject: scenario.name, mailto, qr_code: await toDataURL(mailto, QR_OPTIONS) };
  }
}
