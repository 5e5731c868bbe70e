import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuditSettingsDto } from '@beacon/contracts';
import { auditSettingsWithAllLists, DEFAULT_AUDIT_SETTINGS } from '@beacon/domain';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { AuditSettingsQuery } from './audit-settings.query';

/** GET /api/customer_group_audit_settings/{id}/: as saved (inactive until first saved), every recipient list present. */
@QueryHandler(AuditSettingsQuery)
export class AuditSettingsHandler implements IQueryHandler<AuditSettingsQuery, AuditSettingsDto> {
  constructor(@Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader) {}

  async execute({ principal, customerGroupId }: AuditSettingsQuery): Promise<AuditSettingsDto> {
    const group = await this.groups.reachable(principal, customerGroupId);
    return auditSettingsWithAllLists(group.audit ?? DEFAULT_AUDIT_SETTINGS);
  }
}
