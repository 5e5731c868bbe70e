import type { ApiClient } from '../api/api-client';

/**
 * An API client whose calls are the given stubs; any other call fails loudly, so a test never
 * passes on a call it did not expect.
 */
export function stubApi(calls: Partial<ApiClient> = {}): ApiClient {
  return new Proxy(calls, {
    get(target, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      return target[name as keyof ApiClient] ?? (() => Promise.reject(new Error(`API call "${name}" was not stubbed`)));
    },
  }) as ApiClient;
}
