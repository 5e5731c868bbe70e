import { Module } from '@nestjs/common';
import { EmailInvokeTokens } from './email-invoke-tokens';
import { InvokeController } from './invoke.controller';
import { EmailInvokeQrHandler } from './queries/email-invoke-qr.handler';
import { PhoneInvokeNumberHandler } from './queries/phone-invoke-number.handler';

/** The invocation reads: a message's email invoke QR code (from the scenarios read model) and the phone invoke number check (customer groups). */
@Module({
  controllers: [InvokeController],
  providers: [EmailInvokeTokens, EmailInvokeQrHandler, PhoneInvokeNumberHandler],
})
export class InvokeModule {}
