import type { Provider } from '@nestjs/common';
import { CustomerGroupReader } from './customer-group-reader';
import { BrandLoginHandler } from './queries/brand-login.handler';
import { CustomerGroupIdsHandler } from './queries/customer-group-ids.handler';
import { CustomerGroupSelfHandler } from './queries/customer-group-self.handler';
import { CustomerGroupUserIdsHandler } from './queries/customer-group-user-ids.handler';
import { CustomerGroupsHandler } from './queries/customer-groups.handler';
import { IncidentModuleSettingsHandler } from './queries/incident-module-settings.handler';

/** The customer-group reader and the query handlers of the customer-group reads. */
export const CUSTOMER_GROUP_PROVIDERS: Provider[] = [
  CustomerGroupReader,
  CustomerGroupSelfHandler,
  BrandLoginHandler,
  IncidentModuleSettingsHandler,
  CustomerGroupsHandler,
  CustomerGroupIdsHandler,
  CustomerGroupUserIdsHandler,
];
