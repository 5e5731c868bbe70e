import { Inject, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { LIVE_RESYNC_EVENT, LIVE_UPDATE_EVENT, LIVE_UPDATES_TOPIC, type LiveAuth, type LiveUpdate } from '@beacon/contracts';
import type { Bus, Consumer } from '@beacon/bus';
import type { EventStore } from '@beacon/event-store';
import {
  AuthTokenService,
  BUS,
  OrganisationSuspensions,
  EVENT_STORE,
  PLATFORM_CONFIG,
  READ_STORE,
  TOKENS_REVOKED_TOPIC,
  type PlatformConfig,
  type Principal,
  type TokensRevoked,
} from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from '../shared/read-models/customer-groups.read-model';
import { PROJECTIONS, type Projections } from '../shared/projections/projection-tokens';
import { catchUp } from './live-catch-up';
import { LiveSessions } from './live-sessions';
import { RecentUpdates } from './recent-updates';

/** The live update of OrganisationSuspended (customer-groups projection): the organisation's sockets are closed after it. */
const ORGANISATION_SUSPENDED_UPDATE = 'OrganisationSuspended';

const groupRoom = (customerGroupId: string) => `group:${customerGroupId}`;
const tenantRoom = (tenantId: string) => `tenant:${tenantId}`;

/**
 * socket.io on the query API, on the HTTP server's port (Nest's IoAdapter, which Nest loads itself
 * once a gateway exists): authenticates each socket with its token, puts it in the rooms of the
 * customer groups it reaches, replays what a reconnecting client missed, and forwards the live
 * updates every projection runner publishes on the bus (each node consumes them all). A socket
 * lives no longer than its token: revocations announced on the bus, and idle expiry, close it.
 * Clients send nothing after the handshake (token and last position come with it), so the gateway
 * has no message handlers.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class LiveGateway implements OnGatewayInit<Server>, OnGatewayConnection<Socket>, OnGatewayDisconnect<Socket>, OnApplicationBootstrap, BeforeApplicationShutdown {
  @WebSocketServer() private server!: Server;
  private consumers: Consumer[] = [];
  private readonly recent = new RecentUpdates();
  private readonly logger = new Logger('Live');
  private readonly sessions: LiveSessions;
  /** Per open socket, what stops watching its token when it disconnects. */
  private readonly watching = new WeakMap<Socket, () => void>();

  constructor(
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
    @Inject(OrganisationSuspensions) private readonly suspensions: OrganisationSuspensions,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Inject(PROJECTIONS) private readonly projections: Projections,
  ) {
    this.sessions = new LiveSessions(
      (token, now) => this.tokens.resolve(token, now),
      (error) => this.logger.error(String(error)),
    );
  }

  /**
   * Authentication is socket.io middleware, not a WsGuard: a guard only runs before
   * @SubscribeMessage handlers, never on the handshake, so it could not refuse a connection. The
   * middleware refuses the handshake itself: the client gets `connect_error` "unauthorized" and the
   * socket never joins a room or hears an update.
   */
  afterInit(server: Server): void {
    server.use((socket, next) => {
      this.authenticate(socket).then(
        (principal) => {
          if (!principal) return next(new Error('unauthorized'));
          socket.data.principal = principal;
          next();
        },
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // Consumer groups of their own: every node sees every update and every revocation.
    this.consumers = [
      await this.bus.consume<LiveUpdate>(LIVE_UPDATES_TOPIC, `live-${this.config.nodeId}`, async (message) => this.deliver(message.value), {
        fromBeginning: false,
      }),
      await this.bus.consume<TokensRevoked>(
        TOKENS_REVOKED_TOPIC,
        `live-sessions-${this.config.nodeId}`,
        async (message) => this.sessions.revoked(message.value.tokenIds),
        { fromBeginning: false },
      ),
    ];
  }

  /** Before Nest closes the socket server (between the before-shutdown and shutdown hooks), so nothing is delivered to a closed one. */
  async beforeApplicationShutdown(): Promise<void> {
    for (const consumer of this.consumers) await consumer.stop();
    this.sessions.clear();
  }

  /** Nest does not await this hook, so it reports its own failures. */
  handleConnection(socket: Socket): void {
    const principal = socket.data.principal as Principal;
    this.watching.set(socket, this.sessions.watch(socket, this.tokenOf(socket)!, principal));
    this.joinAndCatchUp(socket, principal).catch((error: unknown) => this.logger.error(String(error)));
  }

  handleDisconnect(socket: Socket): void {
    this.watching.get(socket)?.();
    this.watching.delete(socket);
  }

  private async authenticate(socket: Socket): Promise<Principal | null> {
    const token = this.tokenOf(socket);
    const principal = token === null ? null : await this.tokens.resolve(token, Date.now());
    // A suspended organisation's users get no socket, as their calls are refused.
    return principal && !(await this.suspensions.isSuspended(principal.rootId)) ? principal : null;
  }

  private tokenOf(socket: Socket): string | null {
    const { token } = socket.handshake.auth as Partial<LiveAuth>;
    return typeof token === 'string' ? token : null;
  }

  private async joinAndCatchUp(socket: Socket, principal: Principal): Promise<void> {
    const reachable = await this.reachableGroupIds(principal);
    await socket.join([tenantRoom(principal.rootId), ...reachable.map(groupRoom)]);
    const lastPosition = Number((socket.handshake.auth as Partial<LiveAuth>).lastPosition);
    if (!Number.isFinite(lastPosition) || lastPosition <= 0) return;
    const rooms = new Set(reachable);
    const source = { eventStore: this.eventStore, readStore: this.readStore, projections: this.projections };
    await catchUp(source, principal.rootId, lastPosition, {
      send: (updates) => {
        for (const update of updates) {
          if (!update.customerGroupId || rooms.has(update.customerGroupId)) socket.emit(LIVE_UPDATE_EVENT, update);
        }
      },
      resync: () => socket.emit(LIVE_RESYNC_EVENT),
    });
  }

  private async reachableGroupIds(principal: Principal): Promise<string[]> {
    const groups = await this.readStore
      .scope(principal.rootId)
      .collection<CustomerGroupDocument>(CUSTOMER_GROUPS)
      .find({ path: principal.customerGroupId }, { projection: { _id: 1 } });
    return groups.map((group) => group._id);
  }

  private deliver(update: LiveUpdate): void {
    if (!this.recent.firstTime(update)) return;
    const room = update.customerGroupId ? groupRoom(update.customerGroupId) : tenantRoom(update.tenantId);
    this.server.to(room).emit(LIVE_UPDATE_EVENT, update);
    // Suspended: every open socket of the organisation is closed (the update went first, so a console knows why).
    if (update.type === ORGANISATION_SUSPENDED_UPDATE) this.server.in(tenantRoom(update.tenantId)).disconnectSockets(true);
  }
}
