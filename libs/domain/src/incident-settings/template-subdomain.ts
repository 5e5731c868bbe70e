import type { Decider, DomainEvent } from '../shared/decider';
import { validationError } from '../shared/domain-errors';

/**
 * Template subdomains: on a public host the subdomain selects the incident template its page shows
 * (spec part 1 §2), so a subdomain belongs to one template platform-wide, across organisations.
 *
 * Uniqueness works as for brand login URLs: each subdomain has a stream of its own
 * (`incident_template_subdomain-<slug>`). The first claim appends with expected revision "no-stream";
 * a template that gives its subdomain up (or is deleted) records a release on the same stream, after
 * which the next claim appends at that stream's revision. Two concurrent claims cannot both succeed.
 */

export const TEMPLATE_SUBDOMAIN_PATTERN = /^[a-z0-9-]{2,50}$/;
export const TEMPLATE_SUBDOMAIN_INVALID = 'Enter 2 to 50 lowercase letters, digits or hyphens.';
export const TEMPLATE_SUBDOMAIN_TAKEN = 'An incident template with this subdomain already exists.';

/** Field messages for a subdomain ('' is valid: the template has no public page); empty when valid. */
export const templateSubdomainErrors = (value: string): string[] =>
  value === '' || TEMPLATE_SUBDOMAIN_PATTERN.test(value) ? [] : [TEMPLATE_SUBDOMAIN_INVALID];

export const templateSubdomainStream = (subdomain: string) => `incident_template_subdomain-${subdomain}`;

interface SubdomainHolder {
  subdomain: string;
  /** The organisation (root customer group) of the template. */
  rootId: string;
  templateId: string;
}

export type IncidentTemplateSubdomainClaimed = DomainEvent<'IncidentTemplateSubdomainClaimed', SubdomainHolder>;
export type IncidentTemplateSubdomainReleased = DomainEvent<'IncidentTemplateSubdomainReleased', SubdomainHolder>;
export type TemplateSubdomainEvent = IncidentTemplateSubdomainClaimed | IncidentTemplateSubdomainReleased;

export interface ClaimTemplateSubdomain {
  readonly type: 'ClaimTemplateSubdomain';
  readonly data: SubdomainHolder;
}
export interface ReleaseTemplateSubdomain {
  readonly type: 'ReleaseTemplateSubdomain';
  readonly data: SubdomainHolder;
}
export type TemplateSubdomainCommand = ClaimTemplateSubdomain | ReleaseTemplateSubdomain;

export type TemplateSubdomainState =
  | { readonly status: 'free' }
  | { readonly status: 'claimed'; readonly rootId: string; readonly templateId: string };

const holds = (state: TemplateSubdomainState, holder: SubdomainHolder) =>
  state.status === 'claimed' && state.rootId === holder.rootId && state.templateId === holder.templateId;

function decideTemplateSubdomain(command: TemplateSubdomainCommand, state: TemplateSubdomainState): TemplateSubdomainEvent[] {
  switch (command.type) {
    case 'ClaimTemplateSubdomain': {
      if (!TEMPLATE_SUBDOMAIN_PATTERN.test(command.data.subdomain))
        throw validationError('Invalid subdomain.', { subdomain: [TEMPLATE_SUBDOMAIN_INVALID] });
      if (holds(state, command.data)) return [];
      if (state.status === 'claimed') throw validationError(TEMPLATE_SUBDOMAIN_TAKEN, { subdomain: [TEMPLATE_SUBDOMAIN_TAKEN] });
      return [{ type: 'IncidentTemplateSubdomainClaimed', data: { ...command.data } }];
    }
    case 'ReleaseTemplateSubdomain':
      // Only the holder releases; anything else (already free, another template's) records nothing.
      if (!holds(state, command.data)) return [];
      return [{ type: 'IncidentTemplateSubdomainReleased', data: { ...command.data } }];
  }
}

function evolveTemplateSubdomain(_state: TemplateSubdomainState, event: TemplateSubdomainEvent): TemplateSubdomainState {
  switch (event.type) {
    case 'IncidentTemplateSubdomainClaimed':
      return { status: 'claimed', rootId: event.data.rootId, templateId: event.data.templateId };
    case 'IncidentTemplateSubdomainReleased':
      return { status: 'free' };
  }
}

export const templateSubdomainDecider: Decider<TemplateSubdomainCommand, TemplateSubdomainEvent, TemplateSubdomainState> = {
  decide: decideTemplateSubdomain,
  evolve: evolveTemplateSubdomain,
  initialState: () => ({ status: 'free' }),
};
