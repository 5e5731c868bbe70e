/** A live update pushed to consoles over socket.io after a projection applied an event. */
export interface LiveUpdate<TData = unknown> {
  /** Global position of the event; a reconnecting client sends the last one it saw. */
  readonly position: number;
  /** The event type, e.g. "IncidentModuleSettingsChanged". */
  readonly type: string;
  /** Read-model resource name, e.g. "customer_group_im_settings". */
  readonly resource: string;
  readonly id: string;
  readonly data: TData;
  /** Tenant (root customer group) the update belongs to; the gateway routes by it. */
  readonly tenantId: string;
  /** Customer group the change belongs to, when it belongs to one. */
  readonly customerGroupId?: string;
  /**
   * From a read model that trails the others (ProjectionDefinition.background, the session reports): it may
   * come after updates of later positions, and only says the resource changed, so a client applies it
   * whatever its position and keeps the last position it saw.
   */
  readonly trailing?: boolean;
}

/** socket.io event name carrying a LiveUpdate. */
export const LIVE_UPDATE_EVENT = 'live';
/** socket.io event a client emits to join a resource room, e.g. `incident:<id>`. */
export const LIVE_SUBSCRIBE_EVENT = 'subscribe';
/** Bus topic on which projection runners publish live updates for every query-api node. */
export const LIVE_UPDATES_TOPIC = 'live-updates';

/** What the client sends as socket.io `auth` on connect. */
export interface LiveAuth {
  token: string;
  /** Last position the client has seen; the server replays what it missed after it. */
  lastPosition?: number;
}

/** socket.io event telling a client it missed too much to replay; it should reload its data. */
export const LIVE_RESYNC_EVENT = 'resync';
