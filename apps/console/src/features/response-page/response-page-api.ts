import { ROUTES, type AnsweredResponsePageDto, type AnswerResponsePageRequest, type ResponsePageDto } from '@beacon/contracts';
import type { ApiClient } from '../../api/api-client';

/** The public calls of the response page; its token is the only key, so no sign-in token is needed. */
export interface ResponsePageApi {
  /** GET /api/respond/{token}/ (404 for a token no text has, 410 once the poll has closed). */
  read(token: string): Promise<ResponsePageDto>;
  /** POST /api/respond/{token}/ (409 when already answered). */
  answer(token: string, answer: AnswerResponsePageRequest): Promise<AnsweredResponsePageDto>;
}

const withToken = (path: string, token: string) => path.replace(':token', encodeURIComponent(token));

export function responsePageApi(api: Pick<ApiClient, 'send'>): ResponsePageApi {
  return {
    read: (token) => api.send('GET', withToken(ROUTES.responsePage.path, token)),
    answer: (token, answer) => api.send('POST', withToken(ROUTES.answerResponsePage.path, token), answer),
  };
}
