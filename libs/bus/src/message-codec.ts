import { BusError } from './bus';

/** Values travel as JSON so both adapters deliver the same shapes; `undefined` has no JSON form and becomes null. */
export function encodeValue(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch (error) {
    throw new BusError(`message value is not JSON-serialisable: ${(error as Error).message}`, { cause: error });
  }
}

export function decodeValue<T>(json: string): T {
  return JSON.parse(json) as T;
}
