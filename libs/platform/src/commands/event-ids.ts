import { createHash } from 'node:crypto';

/** A UUID-shaped id derived from a name, so the same command always produces the same event ids. */
export function deterministicId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const eventIdFor = (commandId: string, index: number) => deterministicId(`${commandId}/${index}`);
