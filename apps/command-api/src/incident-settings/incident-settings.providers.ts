import type { Provider, Type } from '@nestjs/common';

/** Controllers and providers of the incident settings calls this app serves. */
export const INCIDENT_SETTINGS_CONTROLLERS: Type[] = [];
export const INCIDENT_SETTINGS_PROVIDERS: Provider[] = [];
