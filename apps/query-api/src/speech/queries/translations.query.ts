import { Query } from '@nestjs/cqrs';
import type { TranslationKey, Translations } from '@beacon/domain';

/** The builder's catalogues under the keys asked for. */
export class TranslationsQuery extends Query<Translations> {
  constructor(readonly keys: readonly TranslationKey[]) {
    super();
  }
}
