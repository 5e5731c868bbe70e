import { Agent } from 'undici';

/**
 * The connections to the hosts configured as insecure (WEBHOOK_ALLOW_INSECURE_HOSTS: local test
 * endpoints): http is allowed to them, and https to them is not checked against trusted certificates,
 * so a local endpoint with a certificate of its own can stand for Teams or Slack (the message builder
 * takes only https webhook addresses). Every other host goes through fetch's own, checked, connections.
 */
export class InsecureHosts {
  private agent: Agent | undefined;

  constructor(private readonly hosts: readonly string[]) {}

  /** Whether the address's host is one of them. */
  includes(url: URL): boolean {
    return this.hosts.includes(url.hostname.toLowerCase());
  }

  /** The fetch option that reaches this address: our own connections for an insecure host, else fetch's. */
  fetchOptions(url: URL): { dispatcher?: RequestInit['dispatcher'] } {
    if (!this.includes(url)) return {};
    this.agent ??= new Agent({ connect: { rejectUnauthorized: false } });
    return { dispatcher: this.agent as unknown as RequestInit['dispatcher'] };
  }

  async close(): Promise<void> {
    const agent = this.agent;
    this.agent = undefined;
    await agent?.close();
  }
}
