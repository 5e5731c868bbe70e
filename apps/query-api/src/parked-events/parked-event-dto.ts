import type { ParkedEventDto } from '@beacon/contracts';
import type { ParkedEventDocument } from '@beacon/projections';

/** A parked event as the API shows it: its id, without the tenant it belongs to. */
export const parkedEventDto = ({ _id, tenant_id: _tenant, ...parked }: ParkedEventDocument): ParkedEventDto => ({ id: _id, ...parked });
