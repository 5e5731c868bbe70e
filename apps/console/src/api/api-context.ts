import { createContext, useContext } from 'react';
import type { ApiClient } from './api-client';

/** The app's one API client, for screens that call the server themselves; tests provide a stub. */
export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an ApiContext provider (the app provides its API client)');
  return api;
}
