import type { Readable } from 'node:stream';

/** An on-call file as the controller answers it. */
export interface OnCallCsvFile {
  readonly filename: string;
  readonly stream: Readable;
}

/** A header naming the zone its times are in: "Start (Europe/London)". */
export const zoned = (heading: string, timeZone: string) => `${heading} (${timeZone})`;

/** Hours between two instants, to two decimals ("14", "0.5"). */
export const hoursBetween = (start: number, end: number) => String(Math.round(((end - start) / 3_600_000) * 100) / 100);

/** The day of the file's name: `on-call-roster-2026-11-26.csv`. */
export const csvName = (kind: string, now: number) => `${kind}-${new Date(now).toISOString().slice(0, 10)}.csv`;
