import type { Provider, Type } from '@nestjs/common';

/** Controllers and providers of the incidents calls this app serves. */
export const INCIDENTS_CONTROLLERS: Type[] = [];
export const INCIDENTS_PROVIDERS: Provider[] = [];
