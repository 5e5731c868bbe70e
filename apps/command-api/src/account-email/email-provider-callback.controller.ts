import { HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EmailProviderCallbackSchema, ROUTES, type DetailResponse } from '@beacon/contracts';
import { DomainError, notFound } from '@beacon/domain';
import { CommandController, PLATFORM_CONFIG, Public, rawJsonBodyOf, zodIssuesError, type PlatformConfig } from '@beacon/platform';
import type { Request } from 'express';
import { RecordProviderReportCommand } from './commands/record-provider-report.command';
import { CALLBACK_SIGNATURE_HEADER, CALLBACK_TIMESTAMP_HEADER, isSignedCallback } from './provider-callback-signature';

export const CALLBACK_SIGNATURE_INVALID_MESSAGE = 'The callback signature is missing, wrong or too old.';

/**
 * POST /api/email/provider_callback/: the email provider reports a bounce or a complaint. No token:
 * the body is signed with EMAIL_CALLBACK_SECRET (provider-callback-signature.ts), checked before the
 * body is read; without the secret the route answers 404, as if it were not there.
 */
@CommandController()
export class EmailProviderCallbackController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  @Public()
  @Post(ROUTES.emailProviderCallback.path)
  @HttpCode(200)
  async report(@Req() request: Request): Promise<DetailResponse> {
    const secret = this.config.emailCallbackSecret;
    if (secret === undefined) throw notFound();
    const now = new Date();
    const signed = { timestamp: request.headers[CALLBACK_TIMESTAMP_HEADER], signature: request.headers[CALLBACK_SIGNATURE_HEADER], body: rawJsonBodyOf(request) };
    if (!isSignedCallback(secret, signed, now)) throw new DomainError('unauthenticated', CALLBACK_SIGNATURE_INVALID_MESSAGE);
    // Parsed here, not by a pipe: a pipe would answer an unsigned caller's bad body before the signature is checked.
    const parsed = EmailProviderCallbackSchema.safeParse(request.body);
    if (!parsed.success) throw zodIssuesError(parsed.error.issues, { detail: 'Invalid callback.' });
    const recorded = await this.commandBus.execute(new RecordProviderReportCommand(parsed.data, now));
    return { detail: recorded ? 'Recorded.' : 'No user has this address: nothing recorded.' };
  }
}
