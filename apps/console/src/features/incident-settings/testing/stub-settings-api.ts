import type { IncidentFieldDto } from '@beacon/contracts';
import type { CustomerPermission } from '@beacon/domain';
import userEvent from '@testing-library/user-event';
import { jest } from '@jest/globals';
import type { ApiClient, Method } from '../../../api/api-client';
import { aSessionAs, renderConsoleAs } from '../../../testing/render-console-as';
import { stubApi } from '../../../testing/stub-api';

export interface RecordedCall {
  method: Method;
  path: string;
  body: unknown;
}

/** Answers one call: the request body and the path's parameters in, the response (or a thrown ApiError) out. */
export type StubAnswer = (request: { body: unknown; params: Record<string, string> }) => unknown;

/**
 * An API client whose `send` answers the calls named "METHOD /path/:param/" (route table paths)
 * and records every call made; any other call fails the test loudly.
 */
export function stubSettingsApi(answers: Record<string, StubAnswer>) {
  const calls: RecordedCall[] = [];
  const routes = Object.entries(answers).map(([key, answer]) => {
    const [method, pattern] = key.split(' ') as [Method, string];
    const names: string[] = [];
    const source = pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { method, regex: new RegExp(`^${source}$`), names, answer };
  });
  const send = jest.fn(async (method: Method, path: string, body?: unknown) => {
    calls.push({ method, path, body });
    for (const route of routes) {
      const match = route.method === method ? route.regex.exec(path) : null;
      if (match) {
        const params = Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
        return route.answer({ body, params });
      }
    }
    throw new Error(`Unexpected call ${method} ${path}`);
  });
  const api: ApiClient = stubApi({ send: send as ApiClient['send'] });
  /** The calls made with this method to paths starting so. */
  const callsTo = (method: Method, pathStart: string) => calls.filter((call) => call.method === method && call.path.startsWith(pathStart));
  const writes = () => calls.filter((call) => call.method !== 'GET');
  return { api, calls, callsTo, writes };
}

export const aField = (id: string, label: string, order: string, overrides: Partial<IncidentFieldDto> = {}): IncidentFieldDto => ({
  id,
  label,
  field_type: 'TEXT',
  is_pii: false,
  order,
  options: [],
  ...overrides,
});

/** The whole console at `path`, signed in with the given role, in a group that calls incidents "Case" / "Cases". */
export function renderSettingsAs(role: CustomerPermission, path: string, api: ApiClient) {
  const session = { ...aSessionAs(role), incidentModuleSettings: { module_name: 'Case', module_name_plural: 'Cases' } };
  renderConsoleAs(session, path, {}, api);
  return userEvent.setup();
}
