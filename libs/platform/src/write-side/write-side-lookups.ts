import { EMAIL_OUTBOX_COLLECTION } from '@beacon/contracts';
import type { Document } from '@beacon/read-store';

/**
 * State the write side keeps in the read store beside the read models. Read models are disposable:
 * a projection derives them from the event history, and a rebuild drops and replays them. These are
 * not: the write side writes them as commands run, and they hold what no event carries (password
 * hashes, the hashes of tokens handed out once, the emails as sent), so a replay could never bring
 * them back. No projection may own or write one of their collections; the projection runner refuses
 * to (`writeSideCollections`), and a rebuild leaves them as they are.
 *
 * Uniqueness of a user's email and of a template's subdomain are claim streams in the event store
 * (`user_email-<email>`, `incident_template_subdomain-<slug>`), not collections: a rebuild never
 * touches the event store, so they need no entry here.
 */
export interface WriteSideLookup {
  /** What it is, in the product's words. */
  readonly name: string;
  /** Its collections in the read store. */
  readonly collections: readonly string[];
  /** Who maintains it. Never a projection: the write-side code that writes it as commands run. */
  readonly maintainedBy: string;
}

export const CREDENTIALS_COLLECTION = 'credentials';
export const ONE_TIME_TOKENS_COLLECTION = 'one_time_tokens';
export const AUTH_TOKENS_COLLECTION = 'auth_tokens';
export const USER_TOKENS_COLLECTION = 'user_tokens';
export const DISPATCH_OUTBOX_COLLECTION = 'outbox';
export const RESPONSE_LINKS_COLLECTION = 'response_links';

/** A two-way SMS link's token and the delivery it answers (system scope: the response page has no organisation to start from). */
export interface ResponseLinkDocument extends Document {
  /** The token: 22 base64url characters of the delivery id's HMAC. */
  readonly _id: string;
  readonly tenant_id: string;
  readonly session_id: string;
  readonly delivery_id: string;
  /** When the record was written (ISO); records written before it was kept get it at the first expiry round. */
  readonly registered_at?: string;
}

export const WRITE_SIDE_LOOKUPS: readonly WriteSideLookup[] = [
  {
    name: 'credentials',
    collections: [CREDENTIALS_COLLECTION],
    maintainedBy: "command-api's CredentialStore (users): each user's argon2id password hash and TOTP secrets",
  },
  {
    name: 'one-time token owners',
    collections: [ONE_TIME_TOKENS_COLLECTION],
    maintainedBy: "command-api's OneTimeTokens (session): whose reset, second-factor or impersonation token a hash is",
  },
  {
    name: 'sign-in token owners',
    collections: [AUTH_TOKENS_COLLECTION, USER_TOKENS_COLLECTION],
    maintainedBy: "platform's AuthTokenService: whose sign-in token a hash is, its expiry and last use; each user's tokens",
  },
  {
    name: 'email outbox',
    collections: [EMAIL_OUTBOX_COLLECTION],
    maintainedBy: "command-api's OutboxEmailChannel (email): the account emails sent, their links hidden",
  },
  {
    name: 'dispatch outbox',
    collections: [DISPATCH_OUTBOX_COLLECTION],
    maintainedBy: "dispatch-worker's OutboxProvider: what the embedded channel providers would have sent",
  },
  {
    name: 'two-way SMS links',
    collections: [RESPONSE_LINKS_COLLECTION],
    maintainedBy:
      "query-api's ResponseLinks (message sessions): each text's response token and its delivery, written before the text is queued; ResponseLinkExpiry removes them RESPONSE_LINK_RETENTION_DAYS later",
  },
];

/** Every collection of write-side state: no projection owns or writes one, and a rebuild never drops one. */
export const WRITE_SIDE_COLLECTIONS: ReadonlySet<string> = new Set(WRITE_SIDE_LOOKUPS.flatMap((lookup) => lookup.collections));
