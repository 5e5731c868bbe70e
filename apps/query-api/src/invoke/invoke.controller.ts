import { Body, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  EmailInvokeQrRequestSchema,
  PhoneInvokeNumberQuerySchema,
  ROUTES,
  type EmailInvokeQrDto,
  type EmailInvokeQrRequest,
  type PhoneInvokeNumberQuery as PhoneInvokeNumberParameters,
  type ValidPhoneInvokeNumberDto,
} from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodBodyPipe, ZodQueryPipe } from '@beacon/platform';
import { QueryController } from '../shared/query-controller.decorator';
import { EmailInvokeQrQuery } from './queries/email-invoke-qr.query';
import { PhoneInvokeNumberQuery } from './queries/phone-invoke-number.query';

/** Invoking a message by email or by phone (spec part 2 §7 "Invoke"): both only read. */
@QueryController()
export class InvokeController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Post(ROUTES.generateEmailInvokeQr.path)
  @HttpCode(200)
  emailInvokeQr(@CurrentPrincipal() principal: Principal, @Body(new ZodBodyPipe(EmailInvokeQrRequestSchema)) { scenario }: EmailInvokeQrRequest): Promise<EmailInvokeQrDto> {
    return this.queryBus.execute(new EmailInvokeQrQuery(principal, scenario));
  }

  @Get(ROUTES.validatePhoneInvokeNumber.path)
  phoneInvokeNumber(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Query(new ZodQueryPipe(PhoneInvokeNumberQuerySchema)) { phone_number }: PhoneInvokeNumberParameters,
  ): Promise<ValidPhoneInvokeNumberDto> {
    return this.queryBus.execute(new PhoneInvokeNumberQuery(principal, customerGroupId, phone_number));
  }
}
