import { Get, Inject, Param, UseGuards } from '@nestjs/common';
import { ROUTES, type ResponsePageDto } from '@beacon/contracts';
import { MAX_FREE_ANSWER_LENGTH } from '@beacon/domain';
import { Public, ResponseLinkReader, ResponsePageLimit } from '@beacon/platform';
import { QueryController } from '../../shared/query-controller.decorator';

/**
 * The response page's read (GET /api/respond/{token}/): public, the token its only key, limited per
 * client address. The message, its answers, and the answer already recorded for this text; 404 for a
 * token no text has, 410 once the poll has closed.
 */
@QueryController()
export class ResponsePageController {
  constructor(@Inject(ResponseLinkReader) private readonly links: ResponseLinkReader) {}

  @Public()
  @UseGuards(ResponsePageLimit)
  @Get(ROUTES.responsePage.path)
  async page(@Param('token') token: string): Promise<ResponsePageDto> {
    const { page } = await this.links.open(token);
    return {
      message: page.message,
      options: page.choices.map(({ digit, text }) => ({ digit, text })),
      free_answer_max_length: MAX_FREE_ANSWER_LENGTH,
      answer: page.answer,
      closes_at: new Date(page.closesAt).toISOString(),
    };
  }
}
