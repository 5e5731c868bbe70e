/** Shapes of the session and shell calls (spec part 1 section 7 "Session and shell"). */

import type { AuditSettings, CustomerGroupSettings, CustomerGroupSettingsChange, CustomerPermission, NoticeboardNumber } from '@beacon/domain';

export { CUSTOMER_PERMISSIONS, type CustomerPermission } from '@beacon/domain';

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  key: string;
}

/** What login answers instead of a key when the user has two-factor on. */
export interface TwoFactorRequiredResponse {
  two_factor_required: true;
  /** Short-lived and single-use: send it with the code to POST /api/rest-auth/login/2fa/. */
  ephemeral_token: string;
}

/** POST /api/rest-auth/login/2fa/ → LoginResponse */
export interface SecondFactorLoginRequest {
  ephemeral_token: string;
  /** The 6-digit code of the user's authenticator app. */
  code: string;
}

/** POST /api/rest-auth/impersonate_login/ (public) → LoginResponse */
export interface ImpersonateLoginRequest {
  token: string;
}

/** POST /api/rest-auth/password/reset/ (public) → DetailResponse, the same whether or not the email exists. */
export interface PasswordResetRequest {
  email: string;
}

/** POST /api/rest-auth/password/reset/confirm/ (public) → DetailResponse; uid and token come from /ui/reset/{uid}/{token}. */
export interface PasswordResetConfirmRequest {
  uid: string;
  token: string;
  new_password1: string;
  new_password2: string;
}

/** POST /api/rest-auth/password/change/ → DetailResponse */
export interface PasswordChangeRequest {
  old_password: string;
  new_password1: string;
  new_password2: string;
}

/** POST /api/rest-auth/totp/setup/: the otpauth:// URI to show as a QR code, answered once per setup. */
export interface TotpSetupResponse {
  otpauth_url: string;
}

/** POST /api/rest-auth/totp/confirm/ { code } and /api/rest-auth/totp/disable/ { password } → DetailResponse */
export interface TotpConfirmRequest {
  code: string;
}

export interface TotpDisableRequest {
  password: string;
}

export interface DetailResponse {
  detail: string;
}

/** GET /api/get_token_expiry_time/ and GET /api/users/keepalive/ */
export interface TokenExpiryDto {
  /** Idle lifetime of a token in seconds (TOKEN_IDLE_SECONDS): each successful call moves the expiry this far ahead. */
  token_expiry: number;
  /** When the caller's token expires without a further call (ISO 8601). */
  expires_at: string;
}

/** GET /api/user/self/?descendant_fields=true */
export interface LoggedUserDto {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  customer_permission: CustomerPermission;
  customer_group: string;
  is_temporary: boolean;
  preferred_timezone: string;
}

/** GET /api/customer_group/self/ and each entry of GET /api/customer_group/ */
export interface CustomerGroupDto {
  id: string;
  name: string;
  parent: string | null;
  root_parent_id: string;
  /** JSON text, as the spec describes it (includes send_verification_email and noticeboard_numbers). */
  settings: string;
  brand_login_url: string;
  brand_logo: string;
  enable_custom_branding: boolean;
  highlight_color: string;
  highlight_incident_color: string;
  header_color: string;
  header_icons_color: string;
  should_use_autologout: boolean;
  no_noticeboard_numbers: boolean;
  root_customer_group_permissions: string[];
}

/** The branding of a new customer group, until someone changes it (the read model starts with it, and a create answers it). */
export const NEW_CUSTOMER_GROUP_BRANDING = {
  brand_login_url: '',
  brand_logo: '',
  enable_custom_branding: false,
  highlight_color: '#1976d2',
  highlight_incident_color: '#b83b22',
  header_color: '',
  header_icons_color: '',
} as const satisfies Partial<CustomerGroupDto>;

/** PUT /api/customer_group/{id}/: every field optional; `id`, when sent, must be the path's. */
export interface ChangeCustomerGroupRequest {
  id?: string;
  name?: string;
  should_use_autologout?: boolean;
  /** '' for no branded login page, else a slug of 2 to 50 of [a-z0-9-] no console route starts with. */
  brand_login_url?: string;
  /** Moves the group under this group (never the root group; never under itself or a descendant). */
  parent?: string;
}

/** The answer to PUT /api/customer_group/{id}/: the id and the fields the request sent, as now stored. */
export type ChangeCustomerGroupResponse = Pick<CustomerGroupDto, 'id'> &
  Partial<Pick<CustomerGroupDto, 'name' | 'should_use_autologout' | 'brand_login_url' | 'parent'>>;

/** PUT /api/customer_group_settings/{id}/ answers every setting (spec part 2 §3); GET shows them as JSON text in `settings`. */
export type CustomerGroupSettingsDto = CustomerGroupSettings;
export type ChangeCustomerGroupSettingsRequest = CustomerGroupSettingsChange;
/** PUT /api/customer_group_conference_settings/{id}/ */
export type ConferenceSettingsDto = CustomerGroupSettings['conference'];

/** GET and POST /api/customer_group_audit_settings/{id}/ answer every recipient list. */
export type AuditSettingsDto = Required<AuditSettings>;
/** GET /api/get_audit_recipients/{id}/: one option per user, sorted by email. */
export interface AuditRecipientDto {
  label: string;
  value: string;
}

/** GET /api/customer_group/{id}/map_coordinates/ */
export interface MapCoordinatesDto {
  has_map: boolean;
  coordinates: { option: string; label: string; area: [number, number][] }[];
}

/** GET /api/customer_group/{id}/custom_login_url/ */
export interface CustomLoginUrlDto {
  custom_login_url: string;
}

/** GET /api/audio-noticeboards/ lists them; PATCH /api/audio-noticeboard/ answers the one changed. */
export interface AudioNoticeboardDto {
  phone_number: string;
  provider: NoticeboardNumber['provider'];
  is_voice: boolean;
  is_default: boolean;
  message: string;
}

/** GET /api/customer_group/brand/{brand}/ (public): what a guest's branded login page shows. */
export type BrandLoginDto = Pick<CustomerGroupDto, 'name' | 'brand_logo' | 'header_color' | 'highlight_color' | 'enable_custom_branding'>;

/** GET and PUT /api/customer_group_im_settings/{id}/ */
export interface IncidentModuleSettingsDto {
  module_name: string;
  module_name_plural: string;
}

/** GET /api/get_company_info/ */
export interface CompanyInfoDto {
  version_number: string;
}

/** Every command response carries the global position of its last event, for read-your-writes. */
export interface CommandResultDto {
  position: number;
}

/** Header a client sends with a read to wait (bounded) until projections have reached a position. */
export const READ_POSITION_HEADER = 'x-read-position';
/** Header every query response carries: the read models reflect at least the events up to this position. */
export const PROJECTION_POSITION_HEADER = 'x-projection-position';
/** Header a command response carries with the position of its last appended event. */
export const EVENT_POSITION_HEADER = 'x-event-position';

export { DEFAULT_MODULE_NAME, DEFAULT_MODULE_NAME_PLURAL, DEFAULT_TIMEZONE } from '@beacon/domain';
