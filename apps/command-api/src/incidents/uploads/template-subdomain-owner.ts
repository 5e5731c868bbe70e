import { Inject, Injectable } from '@nestjs/common';
import { foldEvents, hasIncidentRootPermission, notFound, REQUIRED, TEMPLATE_SUBDOMAIN_PATTERN, templateSubdomainDecider, type TemplateSubdomainEvent, templateSubdomainStream, validationError } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';

export interface TemplateSubdomainOwner {
  readonly rootId: string;
  readonly templateId: string;
}

/**
 * Which organisation's template a public page's subdomain selects, read from the subdomain's claim
 * stream (the write side's own record, so a guest upload never waits for a projection). A subdomain
 * no template holds answers 404, and so does one of an organisation whose root group holds neither
 * incident root permission (the public page then says it is not available): guests neither start
 * incidents nor upload files there.
 */
@Injectable()
export class TemplateSubdomainOwners {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly groups: CustomerGroupAccess,
  ) {}

  async owner(subdomain: string | undefined): Promise<TemplateSubdomainOwner> {
    if (!subdomain) throw validationError('The template subdomain is missing.', { subdomain: [REQUIRED] });
    if (!TEMPLATE_SUBDOMAIN_PATTERN.test(subdomain)) throw notFound();
    const events = await this.executor.readStreamOrEmpty(templateSubdomainStream(subdomain));
    const state = foldEvents(templateSubdomainDecider, events.map((e) => ({ type: e.type, data: e.data }) as TemplateSubdomainEvent));
    if (state.status !== 'claimed') throw notFound();
    const root = await this.groups.state(state.rootId);
    if (root.status !== 'active' || !hasIncidentRootPermission(root)) throw notFound();
    return { rootId: state.rootId, templateId: state.templateId };
  }
}
