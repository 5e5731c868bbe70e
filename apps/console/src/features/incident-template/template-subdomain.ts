/**
 * Which incident template the public page (/incident-template) shows: on a public or branded host
 * the subdomain selects it (spec §2), so acme.beacon.example shows the template whose subdomain is
 * "acme". A host without one (localhost, an IP address, beacon.example) has no subdomain; there,
 * for local use and tests, the `subdomain` query parameter names it:
 * http://localhost:4200/ui/incident-template?subdomain=acme
 * Null when neither gives one.
 */
export function templateSubdomain({ hostname, search }: Pick<Location, 'hostname' | 'search'>): string | null {
  const labels = hostname.toLowerCase().split('.').filter(Boolean);
  if (labels.length >= 3 && !isIpAddress(hostname)) return labels[0]!;
  const fromQuery = new URLSearchParams(search).get('subdomain')?.trim().toLowerCase() ?? '';
  return fromQuery === '' ? null : fromQuery;
}

function isIpAddress(hostname: string): boolean {
  return hostname.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}
