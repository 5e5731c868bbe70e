import { EVENT_POSITION_HEADER } from '@beacon/contracts';

interface HeaderSetter {
  setHeader(name: string, value: string): unknown;
}

/** Tells the client the position of its write, so a following read can wait for it (read-your-writes). */
export function exposePosition(response: HeaderSetter, position: number): void {
  response.setHeader(EVENT_POSITION_HEADER, String(position));
  response.setHeader('Access-Control-Expose-Headers', EVENT_POSITION_HEADER);
}
