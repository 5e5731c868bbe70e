import { Agent } from 'undici';
import { publicOnlyLookup } from './public-address';

/**
 * The connections to the hosts configured as insecure (WEBHOOK_ALLOW_INSECURE_HOSTS: local test
 * endpoints): http is allowed to them, and https to them is not checked against trusted certificates,
 * so a local endpoint with a certificate of its own can stand for Teams or Slack (the message builder
 * takes only https webhook addresses). Every other host goes through checked connections that refuse a
 * name resolving to this machine or a private network (public-address.ts).
 */
export class InsecureHosts {
  private agent: Agent | undefined;
  private publicAgent: Agent | undefined;

  constructor(private readonly hosts: readonly string[]) {}

  /** Whether the address's host is one of them. */
  includes(url: URL): boolean {
    return this.hosts.includes(url.hostname.toLowerCase());
  }

  /** The fetch option that reaches this address: unchecked connections for an insecure host, else public-only ones. */
  fetchOptions(url: URL): { dispatcher: RequestInit['dispatcher'] } {
    if (!this.includes(url)) {
      this.publicAgent ??= new Agent({ connect: { lookup: publicOnlyLookup } });
      return { dispatcher: this.publicAgent as unknown as RequestInit['dispatcher'] };
    }
    this.agent ??= new Agent({ connect: { rejectUnauthorized: false } });
    return { dispatcher: this.agent as unknown as RequestInit['dispatcher'] };
  }

  async close(): Promise<void> {
    const agents = [this.agent, this.publicAgent];
    this.agent = undefined;
    this.publicAgent = undefined;
    await Promise.all(agents.map((agent) => agent?.close()));
  }
}
