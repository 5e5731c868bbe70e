import {
  ROUTES,
  type CompanyInfoDto,
  type CustomerGroupDto,
  type IncidentModuleSettingsDto,
  type LoggedUserDto,
  type LoginRequest,
  type LoginResponse,
} from '@beacon/contracts';
import { ApiError, NETWORK_ERROR_TEXT, SERVER_ERROR_TEXT } from './api-error';
import type { TokenStorage } from './token-storage';

/** Every server call the console makes goes through here, so token, errors and logout are handled once. */
export interface ApiClient {
  logIn(credentials: LoginRequest): Promise<LoginResponse>;
  logOut(options: { inactivity: boolean }): Promise<void>;
  getLoggedUser(): Promise<LoggedUserDto>;
  getOwnCustomerGroup(): Promise<CustomerGroupDto>;
  getIncidentModuleSettings(customerGroupId: string): Promise<IncidentModuleSettingsDto>;
  getCompanyInfo(): Promise<CompanyInfoDto>;
}

export interface ApiClientOptions {
  tokenStorage: TokenStorage;
  /** Called on any 401 or 403: the spec logs the user out. */
  onUnauthorized: () => void;
  /** Same origin by default: the API is served next to the console. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function createApiClient(options: ApiClientOptions): ApiClient {
  const request = createRequest(options);
  return {
    logIn: (credentials) => request('POST', ROUTES.login.path, credentials),
    logOut: ({ inactivity }) => request('POST', `${ROUTES.logout.path}?inactivity=${inactivity}`),
    getLoggedUser: () => request('GET', `${ROUTES.userSelf.path}?descendant_fields=true`),
    getOwnCustomerGroup: () => request('GET', ROUTES.customerGroupSelf.path),
    getIncidentModuleSettings: (customerGroupId) =>
      request('GET', withId(ROUTES.incidentModuleSettings.path, customerGroupId)),
    getCompanyInfo: () => request('GET', ROUTES.companyInfo.path),
  };
}

function createRequest({ tokenStorage, onUnauthorized, baseUrl = '', fetch: fetchFn = globalThis.fetch }: ApiClientOptions) {
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
    if (response.ok) return data as T;
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

function withId(path: string, id: string): string {
  return path.replace(':id', encodeURIComponent(id));
}
