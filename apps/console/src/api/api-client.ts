import {
  EVENT_POSITION_HEADER,
  PROJECTION_POSITION_HEADER,
  READ_POSITION_HEADER,
  ROUTES,
  type ActivityLogCustomerGroupsDto,
  type ActivityLogFiltersDto,
  type ActivityLogPageDto,
  type BrandLoginDto,
  type CompanyInfoDto,
  type CustomerGroupDto,
  type DetailResponse,
  type EmailOutboxDto,
  type IncidentModuleSettingsDto,
  type LoggedUserDto,
  type LoginRequest,
  type LoginResponse,
  type PasswordChangeRequest,
  type PasswordResetConfirmRequest,
  type PasswordResetRequest,
  type SecondFactorLoginRequest,
  type TokenExpiryDto,
  type TwoFactorRequiredResponse,
  type UserDto,
} from '@beacon/contracts';
import { ApiError, NETWORK_ERROR_TEXT, SERVER_ERROR_TEXT } from './api-error';
import type { TokenStorage } from './token-storage';

/** Every server call the console makes goes through here, so token, errors and logout are handled once. */
export interface ApiClient {
  /** A key, or for a user with two-factor on, an ephemeral token to complete the sign-in with a code. */
  logIn(credentials: LoginRequest): Promise<LoginResponse | TwoFactorRequiredResponse>;
  /** The second step of a two-factor sign-in. */
  logInWithSecondFactor(request: SecondFactorLoginRequest): Promise<LoginResponse>;
  /** Exchanges an admin's one-time impersonation link (its token) for a key of the user. */
  logInAsImpersonated(token: string): Promise<LoginResponse>;
  /** Answers the same whether or not the email belongs to a user. */
  requestPasswordReset(request: PasswordResetRequest): Promise<DetailResponse>;
  /** Set Password, with the uid and token of the emailed link. */
  confirmPasswordReset(request: PasswordResetConfirmRequest): Promise<DetailResponse>;
  changePassword(request: PasswordChangeRequest): Promise<DetailResponse>;
  /** What the embedded email channel recorded for the tenant (admins), newest first. */
  getEmailOutbox(): Promise<EmailOutboxDto>;
  logOut(options: { inactivity: boolean }): Promise<void>;
  getLoggedUser(): Promise<LoggedUserDto>;
  getOwnCustomerGroup(): Promise<CustomerGroupDto>;
  getIncidentModuleSettings(customerGroupId: string): Promise<IncidentModuleSettingsDto>;
  getCompanyInfo(): Promise<CompanyInfoDto>;
  /** Public: the name and branding of the group whose brand login URL this is (404 for none). */
  getBrandLogin(brand: string): Promise<BrandLoginDto>;
  getTokenExpiry(): Promise<TokenExpiryAnswer>;
  /** Tells the server the user is still there; like any successful call, it extends the session. */
  keepAlive(): Promise<void>;
  /** Only the fields the console reads. */
  getUserWithCustomFields(userId: string): Promise<Pick<UserDto, 'id' | 'last_activity'>>;
  /**
   * Runs `reads` with a client that notes the projection position of every successful answer, and
   * returns the lowest one: all the data read reflects at least the events up to it, so the live
   * socket can replay from there without a gap. `undefined` when no answer carried a position.
   */
  trackReadPosition<T>(reads: (api: ApiClient) => Promise<T>): Promise<TrackedReads<T>>;
  /**
   * Any JSON call of the route table, for feature modules that type their own calls
   * (features/<feature>/<feature>-api.ts); `path` has its parameters filled in.
   */
  send<T>(method: Method, path: string, body?: unknown, options?: SendOptions): Promise<T>;
  /** A multipart call (uploads): the browser sets the content type with its boundary. */
  sendForm<T>(method: Method, path: string, form: FormData): Promise<T>;
  /** A call whose answer is a file (an export, a PDF). */
  fetchFile(method: Method, path: string, body?: unknown): Promise<DownloadedFile>;
  /** A page of the activity log, newest first. */
  getActivityLog(filters: ActivityLogFiltersDto): Promise<ActivityLogPageDto>;
  /** The customer groups the activity log may be filtered by. */
  getActivityLogCustomerGroups(): Promise<ActivityLogCustomerGroupsDto>;
  /** Every entry the filters match, as a CSV file (page and page size do not apply). */
  exportActivityLogSummary(filters: ActivityLogFiltersDto): Promise<DownloadedFile>;
}

/**
 * The token-expiry answer as the console reads it: the contract's seconds, or, since the spec does not
 * show the unit, seconds as text or an absolute expiry (ISO 8601), or nothing.
 */
export interface TokenExpiryAnswer {
  readonly token_expiry: TokenExpiryDto['token_expiry'] | string | null;
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
  /** Shared by every client derived from this one (see WritePositions). */
  writes?: WritePositions;
  fetch?: typeof fetch;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SendOptions {
  /**
   * The caller's name for this one write (sent as Idempotency-Key): the server answers a repeat
   * with the same key (a double click, a retry after a lost answer) as it answered the first.
   */
  readonly idempotencyKey?: string;
}

/** Told the headers of every successful answer. */
type ResponseObserver = (headers: Headers) => void;

export function createApiClient(options: ApiClientOptions): ApiClient {
  return clientWith({ ...options, writes: options.writes ?? { lastPosition: undefined } }, []);
}

/**
 * Read-your-writes: the position of the last event this console's writes recorded. Every later call
 * sends it as X-Read-Position, so a read waits (briefly) until the read models include that write.
 */
export interface WritePositions {
  lastPosition: number | undefined;
}

function clientWith(options: ApiClientOptions, observers: readonly ResponseObserver[]): ApiClient {
  const request = createRequest(options, observers);
  return {
    logIn: (credentials) => request('POST', ROUTES.login.path, credentials),
    logInWithSecondFactor: (body) => request('POST', ROUTES.loginSecondFactor.path, body),
    logInAsImpersonated: (token) => request('POST', ROUTES.impersonateLogin.path, { token }),
    requestPasswordReset: (body) => request('POST', ROUTES.passwordReset.path, body),
    confirmPasswordReset: (body) => request('POST', ROUTES.passwordResetConfirm.path, body),
    changePassword: (body) => request('POST', ROUTES.passwordChange.path, body),
    getEmailOutbox: () => request('GET', ROUTES.emailOutbox.path),
    logOut: ({ inactivity }) => request('POST', `${ROUTES.logout.path}?inactivity=${inactivity}`),
    getLoggedUser: () => request('GET', `${ROUTES.userSelf.path}?descendant_fields=true`),
    getOwnCustomerGroup: () => request('GET', ROUTES.customerGroupSelf.path),
    getIncidentModuleSettings: (customerGroupId) =>
      request('GET', withId(ROUTES.incidentModuleSettings.path, customerGroupId)),
    getCompanyInfo: () => request('GET', ROUTES.companyInfo.path),
    getBrandLogin: (brand) => request('GET', ROUTES.brandLogin.path.replace(':brand', encodeURIComponent(brand))),
    getTokenExpiry: () => request('GET', ROUTES.tokenExpiry.path),
    keepAlive: () => request('GET', ROUTES.keepalive.path),
    getUserWithCustomFields: (userId) => request('GET', `${withId(ROUTES.user.path, userId)}?custom_fields=true`),
    trackReadPosition: async (reads) => {
      let position: number | undefined;
      const notePosition: ResponseObserver = (headers) => {
        const seen = projectionPosition(headers);
        if (seen !== undefined) position = Math.min(position ?? seen, seen);
      };
      const result = await reads(clientWith(options, [...observers, notePosition]));
      return { result, position };
    },
    send: (method, path, body, options) => request(method, path, body, options),
    sendForm: (method, path, form) => request(method, path, form),
    fetchFile: (method, path, body) => download(options, observers, method, path, body),
    getActivityLog: (filters) => request('GET', `${ROUTES.activityLog.path}${queryString(filters)}`),
    getActivityLogCustomerGroups: () => request('GET', ROUTES.activityLogCustomerGroups.path),
    exportActivityLogSummary: (filters) => download(options, observers, 'POST', ROUTES.activityLogExportSummary.path, filters),
  };
}

function createRequest(
  { tokenStorage, onUnauthorized, onSuccess, baseUrl = '', fetch: fetchFn = globalThis.fetch, writes }: ApiClientOptions,
  observers: readonly ResponseObserver[],
) {
  return async function request<T>(method: Method, path: string, body?: unknown, { idempotencyKey }: SendOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
    const token = tokenStorage.read();
    if (token) headers['Authorization'] = `Token ${token}`;
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (writes?.lastPosition !== undefined) headers[READ_POSITION_HEADER] = String(writes.lastPosition);

    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, NETWORK_ERROR_TEXT);
    }

    const data = await readBody(response);
    if (response.ok) {
      const written = headerPosition(response.headers, EVENT_POSITION_HEADER);
      if (writes && written !== undefined) writes.lastPosition = Math.max(writes.lastPosition ?? 0, written);
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

const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

function projectionPosition(headers: Headers): number | undefined {
  return headerPosition(headers, PROJECTION_POSITION_HEADER);
}

function headerPosition(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const position = Number(raw);
  return Number.isSafeInteger(position) && position >= 0 ? position : undefined;
}

function withId(path: string, id: string): string {
  return path.replace(':id', encodeURIComponent(id));
}

/** A file the server answered with, to be saved rather than read. */
export interface DownloadedFile {
  blob: Blob;
  /** The name the server gave it (Content-Disposition), or null when it gave none. */
  filename: string | null;
}

/** `?a=1&b=x&b=y` for the given values; absent and empty ones are left out, lists repeat the name. */
function queryString(params: object): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && String(item) !== '') search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * A call whose answer is a file. It goes through the same request, so token, errors and logout are
 * handled as for any call; the answer is kept aside as it arrives, to be read as bytes.
 */
async function download(
  options: ApiClientOptions,
  observers: readonly ResponseObserver[],
  method: Method,
  path: string,
  body?: unknown,
): Promise<DownloadedFile> {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const answers: Response[] = [];
  const keepingAnswer: typeof fetch = async (input, init) => {
    const response = await fetchFn(input, init);
    answers.push(response.clone());
    return response;
  };
  await createRequest({ ...options, fetch: keepingAnswer }, observers)(method, path, body);
  // The request resolves only after a successful answer, so exactly one was kept.
  const answer = answers[0]!;
  return { blob: await answer.blob(), filename: attachmentFilename(answer.headers.get('Content-Disposition')) };
}

function attachmentFilename(disposition: string | null): string | null {
  const match = disposition && /filename="?([^";]+)"?/i.exec(disposition);
  return match ? match[1]!.trim() : null;
}
