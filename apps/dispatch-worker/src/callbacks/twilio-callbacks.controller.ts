import { Controller, HttpCode, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import { ROUTES, type DetailResponse } from '@beacon/contracts';
import { asPollingAnswer, forbidden, notFound, validationError, withoutControlCharacters } from '@beacon/domain';
import { PLATFORM_CONFIG, Public, rawFormBodyOf, type PlatformConfig, type TwilioAccountConfig } from '@beacon/platform';
import type { Request, Response } from 'express';
import { parseTwilioCallbackOfAccounts } from '../channels/failover/twilio-accounts-callback';
import { repliedReport, type InboundReply, type TwilioCallback } from '../channels/twilio/twilio-status-callback';
import { DeliveryReportRecorder } from '../reports/delivery-report-recorder';
import { ReplyDeliveries } from './reply-deliveries';
import { SessionPolls } from './session-polls';
import { sessionOfDelivery, SessionTenants } from './session-tenants';

export const TWILIO_OFF_MESSAGE = 'No Twilio account is configured.';
export const SIGNATURE_REFUSED_MESSAGE = 'The X-Twilio-Signature is missing or does not match this address and form.';
export const NO_SUCH_DELIVERY_MESSAGE = 'No message session has this delivery.';

/** The answer to an incoming SMS: empty TwiML, so Twilio sends the person nothing back. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * Twilio's callbacks: each message's status reports at `<PUBLIC_URL>/api/provider_callback/twilio/status/<delivery id>`,
 * and the SMS people send to our number at `…/twilio/reply`. Public: the X-Twilio-Signature, keyed with
 * the account's auth token over the address Twilio called (PUBLIC_URL and the path, never the Host
 * header) and the form as it came, is checked before anything else is read; with a failover account
 * (FAILOVER_TWILIO_*), its token is tried too, and its reports name the failover provider's marked id. A report is answered once
 * it is stored, so a failed store is Twilio's to retry; reports are facts folded monotonically, so a
 * repeated or late one changes nothing. Off (404) while no Twilio account is configured.
 */
@Controller()
export class TwilioCallbacksController {
  private readonly logger = new Logger('TwilioCallbacks');

  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Inject(DeliveryReportRecorder) private readonly reports: DeliveryReportRecorder,
    @Inject(SessionTenants) private readonly tenants: SessionTenants,
    @Inject(ReplyDeliveries) private readonly replies: ReplyDeliveries,
    @Inject(SessionPolls) private readonly polls: SessionPolls,
  ) {}

  @Public()
  @Post(ROUTES.twilioStatusCallback.path)
  @HttpCode(200)
  async status(@Req() request: Request): Promise<DetailResponse> {
    const { callback } = this.signed(request);
    if (callback.kind === 'ignored') return { detail: `Not recorded: ${callback.reason}.` };
    if (callback.kind === 'reply') throw validationError('An incoming message belongs at the reply address, not at a delivery\'s.');
    const { report } = callback;
    const sessionId = sessionOfDelivery(report.deliveryId);
    if (!sessionId) throw validationError('The callback address names no delivery.');
    // The organisation is the session's own, whatever the request says.
    const tenantId = await this.tenants.of(sessionId);
    if (!tenantId) throw notFound(NO_SUCH_DELIVERY_MESSAGE);
    await this.reports.record(tenantId, sessionId, report);
    return { detail: 'Recorded.' };
  }

  @Public()
  @Post(ROUTES.twilioIncomingMessage.path)
  @HttpCode(200)
  async reply(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<string> {
    const { callback, account } = this.signed(request);
    if (callback.kind === 'report' || callback.kind === 'ignored') throw validationError('A status callback belongs at its delivery\'s address.');
    // TwiML only as the answer: a refusal or a failed store is JSON, as everywhere.
    const answered = () => {
      response.type('text/xml; charset=utf-8');
      return EMPTY_TWIML;
    };
    const unrecorded = this.whyNotRecorded(callback.reply, account);
    if (unrecorded) {
      this.logger.warn(`An SMS reply was not recorded: ${unrecorded}.`);
      return answered();
    }
    const tenantId = this.account().replyTenantId!;
    const delivery = await this.replies.latestTo(tenantId, callback.reply.from);
    if (!delivery) {
      this.logger.warn('An SMS reply was not recorded: the organisation it was sent to has texted nobody at that number.');
      return answered();
    }
    const reply: InboundReply = { ...callback.reply, text: withoutControlCharacters(callback.reply.text) };
    const report = repliedReport(reply, { deliveryId: delivery.deliveryId, providerMessageId: delivery.providerMessageId ?? reply.providerMessageId });
    // A digit of the message's poll, while the poll is open, is recorded as that option's answer;
    // anything else (and any reply once the poll has closed) as written.
    const poll = await this.polls.of(delivery.sessionId);
    const open = poll !== undefined && Date.now() <= poll.closesAt(delivery.sentAt);
    await this.reports.record(tenantId, delivery.sessionId, asPollingAnswer(report, open ? poll.choices : []));
    return answered();
  }

  private account(): TwilioAccountConfig {
    const twilio = this.config.channelProviders.twilio;
    if (!twilio) throw notFound(TWILIO_OFF_MESSAGE);
    return twilio;
  }

  /** The request read after its signature is checked (and which account signed it); a forbidden or unreadable one is refused here. */
  private signed(request: Request): { callback: Exclude<TwilioCallback, { kind: 'forbidden' | 'invalid' }>; account: 'first' | 'failover' } {
    const { authToken } = this.account();
    const failoverToken = this.config.channelProviders.failover?.twilio?.authToken;
    const raw = rawFormBodyOf(request);
    const body: unknown = request.body;
    const form = raw ?? (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : '');
    // The address Twilio called, as Twilio saw it: the public base (a gateway or a proxy may stand between) and the path as sent.
    const { callback, account } = parseTwilioCallbackOfAccounts(
      { url: `${this.config.publicUrl}${request.originalUrl}`, headers: request.headers, body: form },
      { first: authToken, ...(failoverToken === undefined ? {} : { failover: failoverToken }) },
    );
    if (callback.kind === 'forbidden') throw forbidden(SIGNATURE_REFUSED_MESSAGE);
    if (callback.kind === 'invalid') throw validationError(`${callback.reason}.`);
    return { callback, account };
  }

  /**
   * Why a reply is not recorded: it went to a number not of the account that signed it (a person answers
   * the number that texted them, the failover account's too), or no organisation is named for replies.
   */
  private whyNotRecorded(reply: InboundReply, account: 'first' | 'failover'): string | undefined {
    const twilio = this.account();
    const signer = account === 'failover' ? this.config.channelProviders.failover?.twilio : twilio;
    const ours = (signer?.from !== undefined && reply.to === signer.from) || (signer?.messagingServiceSid !== undefined && reply.messagingServiceSid === signer.messagingServiceSid);
    if (!ours) return `it was sent to a number other than ${account === 'failover' ? 'FAILOVER_TWILIO_FROM' : 'TWILIO_FROM'}`;
    if (!twilio.replyTenantId) return 'no organisation is named for replies (TWILIO_REPLY_TENANT)';
    return undefined;
  }
}
