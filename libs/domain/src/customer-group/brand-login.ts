import type { Decider, DomainEvent } from '../shared/decider';
import { validationError } from '../shared/domain-errors';

/**
 * Brand login URLs: a customer group's branded login page lives at /{brand} (spec part 1 §2), so a
 * brand is a slug that no console route starts with, and it belongs to one group platform-wide.
 *
 * Uniqueness works as for emails: each brand has a stream of its own (`customer_group_brand-<slug>`).
 * The first claim appends with expected revision "no-stream"; a group that gives its brand up records
 * a release on the same stream, after which the next claim appends at that stream's revision. Two
 * concurrent claims cannot both succeed: the loser re-reads, sees the claim, and is refused.
 */

export const BRAND_LOGIN_URL_PATTERN = /^[a-z0-9-]{2,50}$/;

/**
 * First path segments the console uses itself (/login, /reset, /users, …), plus the /ui basename and /api.
 * The console's routes live in libs/contracts; its console-routes spec checks that every route's first
 * segment is here.
 */
export const RESERVED_BRAND_LOGIN_URLS: ReadonlySet<string> = new Set([
  'activity_log',
  'api',
  'audio_noticeboard',
  'change_password',
  'contact-support',
  'custom_branding',
  'datasets',
  'dead_letters',
  'email_outbox',
  'help',
  'impersonate_login',
  'incident-manager',
  'incident-template',
  'incidents',
  'integration',
  'login',
  'login_2fa',
  'media_library',
  'message',
  'message_managing',
  'message_sending',
  'messages',
  'profile',
  'public-registration',
  // The two-way SMS link's response page (/r/<token>); too short to be a brand anyway.
  'r',
  'reset',
  'simulator',
  'ui',
  'user_import',
  'user_import_on_call',
  'users',
]);

export const BRAND_LOGIN_URL_INVALID = 'Enter 2 to 50 lowercase letters, digits or hyphens.';
export const BRAND_LOGIN_URL_RESERVED = 'This brand login URL is reserved by the console.';
export const BRAND_LOGIN_URL_TAKEN = 'A customer group with this brand login URL already exists.';

/** Field messages for a brand login URL ('' is valid: no branded login page); empty when valid. */
export function brandLoginUrlErrors(value: string): string[] {
  if (value === '') return [];
  if (!BRAND_LOGIN_URL_PATTERN.test(value)) return [BRAND_LOGIN_URL_INVALID];
  if (RESERVED_BRAND_LOGIN_URLS.has(value)) return [BRAND_LOGIN_URL_RESERVED];
  return [];
}

export const brandLoginStream = (brand: string) => `customer_group_brand-${brand}`;

export type CustomerGroupBrandLoginClaimed = DomainEvent<
  'CustomerGroupBrandLoginClaimed',
  { brand: string; customerGroupId: string; rootId: string }
>;
export type CustomerGroupBrandLoginReleased = DomainEvent<
  'CustomerGroupBrandLoginReleased',
  { brand: string; customerGroupId: string; rootId: string }
>;
export type BrandLoginEvent = CustomerGroupBrandLoginClaimed | CustomerGroupBrandLoginReleased;

export interface ClaimBrandLogin {
  readonly type: 'ClaimBrandLogin';
  readonly data: { brand: string; customerGroupId: string; rootId: string };
}
export interface ReleaseBrandLogin {
  readonly type: 'ReleaseBrandLogin';
  readonly data: { brand: string; customerGroupId: string; rootId: string };
}
export type BrandLoginCommand = ClaimBrandLogin | ReleaseBrandLogin;

export type BrandLoginState = { readonly status: 'free' } | { readonly status: 'claimed'; readonly customerGroupId: string };

function decideBrandLogin(command: BrandLoginCommand, state: BrandLoginState): BrandLoginEvent[] {
  switch (command.type) {
    case 'ClaimBrandLogin': {
      const errors = brandLoginUrlErrors(command.data.brand);
      if (command.data.brand === '' || errors.length)
        throw validationError('Invalid brand login URL.', { brand_login_url: errors.length ? errors : [BRAND_LOGIN_URL_INVALID] });
      if (state.status === 'claimed') {
        if (state.customerGroupId === command.data.customerGroupId) return [];
        throw validationError(BRAND_LOGIN_URL_TAKEN, { brand_login_url: [BRAND_LOGIN_URL_TAKEN] });
      }
      return [{ type: 'CustomerGroupBrandLoginClaimed', data: { ...command.data } }];
    }
    case 'ReleaseBrandLogin':
      // Only the holder releases; anything else (already free, another group's) records nothing.
      if (state.status !== 'claimed' || state.customerGroupId !== command.data.customerGroupId) return [];
      return [{ type: 'CustomerGroupBrandLoginReleased', data: { ...command.data } }];
  }
}

function evolveBrandLogin(_state: BrandLoginState, event: BrandLoginEvent): BrandLoginState {
  switch (event.type) {
    case 'CustomerGroupBrandLoginClaimed':
      return { status: 'claimed', customerGroupId: event.data.customerGroupId };
    case 'CustomerGroupBrandLoginReleased':
      return { status: 'free' };
  }
}

export const brandLoginDecider: Decider<BrandLoginCommand, BrandLoginEvent, BrandLoginState> = {
  decide: decideBrandLogin,
  evolve: evolveBrandLogin,
  initialState: () => ({ status: 'free' }),
};
