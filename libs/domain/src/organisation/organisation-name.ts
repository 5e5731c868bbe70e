import type { Decider, DomainEvent } from '../shared/decider';
import { conflict } from '../shared/domain-errors';

/**
 * One organisation per name across the platform: each name (trimmed, case and spacing folded) has a
 * stream of its own, claimed by the organisation the platform's operators provision under it, so two
 * customers can never be told apart only by their ids. Like user emails (user-email.ts).
 */
export type OrganisationNameClaimed = DomainEvent<'OrganisationNameClaimed', { name: string; rootId: string }>;

export interface ClaimOrganisationName {
  readonly type: 'ClaimOrganisationName';
  readonly data: { name: string; rootId: string };
}

export interface OrganisationNameState {
  /** The organisation (its root customer group) holding the name, or null. */
  readonly holder: string | null;
}

export const ORGANISATION_NAME_TAKEN = 'An organisation with this name already exists.';

export const ORGANISATION_NAME_EVENT_VERSIONS = { OrganisationNameClaimed: 1 } as const;

/** The name as compared: trimmed, inner spacing folded, lower case. */
export const normaliseOrganisationName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export const organisationNameStream = (name: string) => `organisation_name-${normaliseOrganisationName(name)}`;

export const organisationNameDecider: Decider<ClaimOrganisationName, OrganisationNameClaimed, OrganisationNameState> = {
  decide: (command, state) => {
    if (state.holder === command.data.rootId) return [];
    if (state.holder !== null) throw conflict(ORGANISATION_NAME_TAKEN);
    return [{ type: 'OrganisationNameClaimed', data: { name: command.data.name.trim(), rootId: command.data.rootId } }];
  },
  evolve: (_state, event) => ({ holder: event.data.rootId }),
  initialState: () => ({ holder: null }),
};
