import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ROUTES } from '@beacon/contracts';
import { forbidden, notFound, pollingChoiceOf, validationError } from '@beacon/domain';
import { PLATFORM_CONFIG, Public, rawFormBodyOf, type PlatformConfig } from '@beacon/platform';
import type { Request, Response } from 'express';
import { answeredTwiml, askAgainTwiml, gatherActionUrlOf, gatherCallbackBaseOf, notAnsweredTwiml } from '../channels/twilio/gather-twiml';
import { parseGatherCallback } from '../channels/twilio/twilio-gather-callback';
import { DeliveryReportRecorder } from '../reports/delivery-report-recorder';
import { SessionPolls } from './session-polls';
import { sessionOfDelivery, SessionTenants } from './session-tenants';
import { NO_SUCH_DELIVERY_MESSAGE, SIGNATURE_REFUSED_MESSAGE, TWILIO_OFF_MESSAGE } from './twilio-callbacks.controller';

/**
 * The key a called person presses to answer a poll: each call of a message with polling options asks
 * them inside a Gather whose action is `<PUBLIC_URL>/api/provider_callback/twilio/gather/<delivery id>`
 * (gather-twiml.ts). Public, signed as Twilio's other callbacks are (either account). A key that is one
 * of the session's choices is recorded as the delivery's reply, the option's text with its digit, once
 * stored; the answer is TwiML for the rest of the call. A key that is no choice is asked again once.
 */
@Controller()
export class TwilioGatherController {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Inject(DeliveryReportRecorder) private readonly reports: DeliveryReportRecorder,
    @Inject(SessionTenants) private readonly tenants: SessionTenants,
    @Inject(SessionPolls) private readonly polls: SessionPolls,
  ) {}

  @Public()
  @Post(ROUTES.twilioGather.path)
  @HttpCode(200)
  async gather(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<string> {
    const twilio = this.config.channelProviders.twilio;
    if (!twilio) throw notFound(TWILIO_OFF_MESSAGE);
    const failoverToken = this.config.channelProviders.failover?.twilio?.authToken;
    const raw = rawFormBodyOf(request);
    const body: unknown = request.body;
    const form = raw ?? (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : '');
    const callback = parseGatherCallback(
      { url: `${this.config.publicUrl}${request.originalUrl}`, headers: request.headers, body: form },
      { first: twilio.authToken, ...(failoverToken === undefined ? {} : { failover: failoverToken }) },
    );
    if (callback.kind === 'forbidden') throw forbidden(SIGNATURE_REFUSED_MESSAGE);
    if (callback.kind === 'invalid') throw validationError(`${callback.reason}.`);
    const sessionId = sessionOfDelivery(callback.deliveryId);
    if (!sessionId) throw validationError('The Gather address names no delivery.');
    const tenantId = await this.tenants.of(sessionId);
    const poll = await this.polls.of(sessionId);
    if (!tenantId || !poll) throw notFound(NO_SUCH_DELIVERY_MESSAGE);

    // TwiML only as the answer: a refusal or a failed store is JSON, as everywhere.
    response.type('text/xml; charset=utf-8');
    const choice = pollingChoiceOf(callback.digits, poll.choices);
    if (choice) {
      await this.reports.record(tenantId, sessionId, {
        deliveryId: callback.deliveryId,
        providerMessageId: callback.callSid,
        status: 'replied',
        reply: choice.text,
        replyDigit: choice.digit,
        at: callback.at,
      });
      return answeredTwiml(choice);
    }
    if (callback.again || poll.choices.length === 0) return notAnsweredTwiml();
    return askAgainTwiml(poll.choices, gatherActionUrlOf(gatherCallbackBaseOf(this.config.channelProviders.callbackBaseUrl), callback.deliveryId, true));
  }
}
