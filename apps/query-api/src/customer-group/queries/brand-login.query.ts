import { Query } from '@nestjs/cqrs';
import type { BrandLoginDto } from '@beacon/contracts';

/** What a guest's branded login page shows: the name, logo and colours of the group that owns the brand. */
export class BrandLoginQuery extends Query<BrandLoginDto> {
  constructor(readonly brand: string) {
    super();
  }
}
