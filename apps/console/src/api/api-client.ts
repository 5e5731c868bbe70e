import {
  PROJECTION_POSITION_HEADER,
  ROUTES,
  type CompanyInfoDto,
  type CustomerGroupDto,
  type IncidentModuleSettingsDto,
  type LoggedUserDto,
  type LoginRequest,
  type LoginResponse,
} from '@beacon/contracts';
import { ApiError, NETWORK_ERROR_TEXT, SERVER_ERROR_TEXT } from './api-error';
import { SHELL_PATHS, type TokenExpiryDto, type UserWithCustomFieldsDto } from './shell.dto';
import type { TokenStorage } from './token-storage';

/** Every server call the console makes goes through here, so token, errors and logout are handled once. */
export interface ApiClient {
  logIn(credentials: LoginRequest): Promise<LoginResponse>;
  logOut(options: { inactivity: boolean }): Promise<void>;
  getLoggedUser(): Promise<LoggedUserDto>;
  getOwnCustomerGroup(): Promise<CustomerGroupDto>;
  getIncidentModuleSettings(customerGroupId: string): Promise<IncidentModuleSettingsDto>;
  getCompanyInfo(): Promise<CompanyInfoDto>;
  getTokenExpiry(): Promise<TokenExpiryDto>;
  /** Tells the server the user is still there; like any successful call, it extends the session. */
  keepAlive(): Promise<void>;
  getUserWithCustomFields(userId: string): Promise<UserWithCustomFieldsDto>;
  /**
   * Runs `reads` with a client that notes the projection position of every successful answer, and
   * returns the lowest one: all the data read reflects at least the events up to it, so the live
   * socket can replay from there without a gap. `undefined` when no answer carried a position.
   */
  trackReadPosition<T>(reads: (api: ApiClient) => Promise<T>): Promise<TrackedReads<T>>;
}

export interface TrackedReads<T> {
  result: T;
  position: number | undefined;
}

export interface ApiClientOptions {
  tokenStorage: TokenStorage;
  /** Called on any 401 or 403: the spec logs the user out. */
  onUnauthorized: () => void;
  /** Called after every successful answer: the spec moves the session's idle expiry ahead. */
  onSuccess?: () => void;
  /** Same origin by default: the API is served next to the console. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Told the headers of every successful answer. */
type ResponseObserver = (headers: Headers) => void;

export function createApiClient(options: ApiClientOptions): ApiClient {
  return clientWith(options, []);
}

function clientWith(options: ApiClientOptions, observers: readonly ResponseObserver[]): ApiClient {
  const request = createRequest(options, observers);
  return {
    logIn: (credentials) => request('POST', ROUTES.login.path, credentials),
    logOut: ({ inactivity }) => request('POST', `${ROUTES.logout.path}?inactivity=${inactivity}`),
    getLoggedUser: () => request('GET', `${ROUTES.userSelf.path}?descendant_fields=true`),
    getOwnCustomerGroup: () => request('GET', ROUTES.customerGroupSelf.path),
    getIncidentModuleSettings: (customerGroupId) =>
      request('GET', withId(ROUTES.incidentModuleSettings.path, customerGroupId)),
    getCompanyInfo: () => request('GET', ROUTES.companyInfo.path),
    getTokenExpiry: () => request('GET', SHELL_PATHS.tokenExpiry),
    keepAlive: () => request('GET', SHELL_PATHS.keepalive),
    getUserWithCustomFields: (userId) => request('GET', `${withId(SHELL_PATHS.userById, userId)}?custom_fields=true`),
    trackReadPosition: async (reads) => {
      let position: number | undefined;
      const notePosition: ResponseObserver = (headers) => {
        const seen = projectionPosition(headers);
        if (seen !== undefined) position = Math.min(position ?? seen, seen);
      };
      const result = await reads(clientWith(options, [...observers, notePosition]));
      return { result, position };
    },
  };
}

function createRequest(
  { tokenStorage, onUnauthorized, onSuccess, baseUrl = '', fetch: fetchFn = globalThis.fetch }: ApiClientOptions,
  observers: readonly ResponseObserver[],
) {
  return async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = tokenStorage.read();
    if (token) headers['Authorization'] = `Token ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, NETWORK_ERROR_TEXT);
    }

    const data = await readBody(response);
    if (response.ok) {
      observers.forEach((observe) => observe(response.headers));
      onSuccess?.();
      return data as T;
    }
    if (response.status === 401 || response.status === 403) onUnauthorized();
    throw new ApiError(response.status, response.status === 500 ? SERVER_ERROR_TEXT : data);
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
  if (!isJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function projectionPosition(headers: Headers): number | undefined {
  const raw = headers.get(PROJECTION_POSITION_HEADER);
  if (raw === null || raw.trim() === '') return undefined;
  const position = Number(raw);
  return Number.isSafeInteger(position) && position >= 0 ? position : undefined;
}

function withId(path: string, id: string): string {
  return path.replace(':id', encodeURIComponent(id));
}
