import type { ApiClient, Method } from '../../../api/api-client';
import { ApiError } from '../../../api/api-error';
import { stubApi } from '../../../testing/stub-api';
import type { FakeScenarioServer } from './fake-scenario-server';

/** The console's API client over the fake server: the builder's calls (and uploads) by method and path; `paths` records them. */
export function fakeBuilderClient(server: FakeScenarioServer): { client: ApiClient; paths: string[] } {
  const paths: string[] = [];
  const send = async (method: Method, path: string, body?: unknown): Promise<unknown> => {
    paths.push(`${method} ${path}`);
    const url = new URL(path, 'http://console.test');
    const parts = url.pathname.split('/').filter(Boolean);
    if (url.pathname === '/api/scenario/' && method === 'GET') return server.scenarios();
    if (url.pathname === '/api/scenario/' && method === 'POST') return server.createScenario(body as never);
    if (url.pathname === '/api/scenario/name/')
      return server.checkName({ name: url.searchParams.get('name') ?? '', scenarioId: url.searchParams.get('scenario_id'), isReal: url.searchParams.get('is_real') === 'true' });
    if (url.pathname === '/api/scenario/get_recipients_count/') return server.recipientsCount(body as never);
    if (parts[1] === 'scenario' && parts.length === 3) return method === 'PUT' ? server.changeScenario(parts[2]!, body as never) : server.scenario(parts[2]!);
    if (url.pathname === '/api/customer_group/') return server.customerGroups();
    if (parts[1] === 'customer_group' && parts[3] === 'fields') return server.contactFields(parts[2]!);
    if (parts[1] === 'customer_group' && parts[3] === 'users') return { data: [], count: 0, number_of_pages: 0, page_number: 1, items_per_page: 20 };
    if (url.pathname === '/api/holidays/countries/') return server.holidayCountries();
    throw new ApiError(404, { detail: `No fake for ${method} ${path}` });
  };
  const sendForm = async (method: Method, path: string, form: FormData): Promise<unknown> => {
    paths.push(`${method} ${path}`);
    const channel = path === '/api/upload/sms_attachment' ? 'sms' : path === '/api/upload/email_attachment' ? 'email' : null;
    if (channel === null || method !== 'POST') throw new ApiError(404, { detail: `No fake for ${method} ${path}` });
    return server.uploadAttachment(channel, form.get('file') as File);
  };
  return { client: stubApi({ send: send as ApiClient['send'], sendForm: sendForm as ApiClient['sendForm'] }), paths };
}
