/** Where the signed-in user's auth token is kept between page loads (spec: "the stored auth token"). */
export interface TokenStorage {
  read(): string | null;
  write(token: string): void;
  clear(): void;
}

export const TOKEN_STORAGE_KEY = 'token';

export function createTokenStorage(storage: Storage): TokenStorage {
  return {
    read: () => storage.getItem(TOKEN_STORAGE_KEY),
    write: (token) => storage.setItem(TOKEN_STORAGE_KEY, token),
    clear: () => storage.removeItem(TOKEN_STORAGE_KEY),
  };
}
