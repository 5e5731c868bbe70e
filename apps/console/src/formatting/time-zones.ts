/**
 * The IANA time zones a user may choose, as the browser knows them; a zone it does not list (an old
 * alias a user already holds) is kept, so a select still shows it.
 */
export function timeZoneChoices(current = ''): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return current === '' || zones.includes(current) ? zones : [...zones, current].sort();
}
