/**
 * The ids a channel's failover provider gave are recorded with this prefix (the first provider's as
 * they are), so a delivery's id tells which provider took it, after a restart too, even where both
 * give the same kind of id (two SMTP relays answer our own Message-ID).
 */
export const FAILOVER_ID_PREFIX = 'failover:';

export const failoverMessageIdOf = (providerMessageId: string): string => `${FAILOVER_ID_PREFIX}${providerMessageId}`;

/** True for an id the failover provider gave. */
export const isFailoverMessageId = (providerMessageId: string): boolean => providerMessageId.startsWith(FAILOVER_ID_PREFIX);
