/** `?a=1&b=x` for a request's values; absent and empty ones are left out, so a link stays short. */
export function queryString(request: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(request)) if (value !== undefined && value !== '') params.set(name, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
