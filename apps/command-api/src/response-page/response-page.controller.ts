import { Body, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { AnswerResponsePageRequestSchema, ROUTES, type AnsweredResponsePageDto } from '@beacon/contracts';
import { CommandController, Public, ResponsePageLimit, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { ResponsePageAnswers } from './response-page-answers';

/**
 * The response page's answer (POST /api/respond/{token}/): public, the token its only key, limited per
 * client address. 201 with the answer recorded; 409 when the text is already answered; 404 for a
 * token no text has; 410 once the poll has closed.
 */
@CommandController()
export class ResponsePageController {
  constructor(@Inject(ResponsePageAnswers) private readonly answers: ResponsePageAnswers) {}

  @Public()
  @UseGuards(ResponsePageLimit)
  @Post(ROUTES.answerResponsePage.path)
  @HttpCode(201)
  answer(@Param('token') token: string, @Body(new ZodBodyPipe(AnswerResponsePageRequestSchema)) body: z.output<typeof AnswerResponsePageRequestSchema>): Promise<AnsweredResponsePageDto> {
    return this.answers.answer(token, body);
  }
}
