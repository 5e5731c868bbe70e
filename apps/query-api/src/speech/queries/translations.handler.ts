import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { translationsFor, type Translations } from '@beacon/domain';
import { TranslationsQuery } from './translations.query';

/** POST /api/translations: fixed catalogues of the domain, the same for every caller. */
@QueryHandler(TranslationsQuery)
export class TranslationsHandler implements IQueryHandler<TranslationsQuery, Translations> {
  async execute({ keys }: TranslationsQuery): Promise<Translations> {
    return translationsFor(keys);
  }
}
