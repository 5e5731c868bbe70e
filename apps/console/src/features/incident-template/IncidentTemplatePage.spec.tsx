import type { IncidentTemplateWithFormDto, StartIncidentRequest, UploadedAttachmentDto } from '@beacon/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, jest } from '@jest/globals';
import { createApiClient, type ApiClient, type Method } from '../../api/api-client';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { renderWithSession } from '../../testing/render-with-session';
import { memoryTokenStorage } from '../../testing/session-fixtures';
import { renderApp } from '../../testing/sign-in';
import { stubApi } from '../../testing/stub-api';
import { IncidentTemplatePage } from './IncidentTemplatePage';
import { aPublicTemplate } from './template-fixtures';

const PHOTO: UploadedAttachmentDto = {
  url: '/api/incidents/attachment/k-1/',
  key: 'k-1',
  name: 'basement.jpg',
  created_at: '2024-03-05T13:04:05Z',
};

interface FakeServer {
  template?: (subdomain: string) => Promise<IncidentTemplateWithFormDto>;
  upload?: (form: FormData) => Promise<UploadedAttachmentDto>;
  start?: (subdomain: string, request: StartIncidentRequest) => Promise<unknown>;
}

/** The public calls of the page, answered by path like the server would. */
function fakeServer({
  template = async () => aPublicTemplate(),
  upload = async () => PHOTO,
  start = async () => ({ id: 'incident-1' }),
}: FakeServer = {}) {
  const send = jest.fn(async (method: Method, path: string, body?: unknown): Promise<unknown> => {
    const read = /^\/api\/incidents\/public_incident_template\/([^/]+)\/$/.exec(path);
    if (method === 'GET' && read) return template(decodeURIComponent(read[1]!));
    const started = /^\/api\/incidents\/public_incident_template\/([^/]+)\/start\/$/.exec(path);
    if (method === 'POST' && started) return start(decodeURIComponent(started[1]!), body as StartIncidentRequest);
    throw new Error(`unexpected call ${method} ${path}`);
  });
  const sendForm = jest.fn(async (method: Method, path: string, form: FormData): Promise<unknown> => {
    if (method === 'POST' && path === '/api/incidents/upload_attachment_from_template/') return upload(form);
    throw new Error(`unexpected call ${method} ${path}`);
  });
  const api = stubApi({ send: send as ApiClient['send'], sendForm: sendForm as ApiClient['sendForm'] });
  const startCalls = () => send.mock.calls.filter(([method]) => method === 'POST');
  return { api, send, sendForm, startCalls };
}

/** The page as a guest opens it on a host without a subdomain (localhost), naming it in the address. */
function openPage(api: ApiClient, path = '/incident-template?subdomain=acme') {
  return renderApp(path, { api });
}

const form = () => screen.findByRole('form', { name: 'Report a flood' });
const REQUIRED = 'Please enter a value. This field is required.';

describe('IncidentTemplatePage', () => {
  it('shows the template of the subdomain in its branding: name, logo, header and label colours, the groups a guest sees', async () => {
    const server = fakeServer();
    openPage(server.api);
    await form();

    expect(server.send).toHaveBeenCalledWith('GET', '/api/incidents/public_incident_template/acme/');
    expect(screen.getByRole('heading', { level: 1, name: 'Report a flood' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Report a flood logo' }).getAttribute('src')).toBe('https://cdn.example.com/acme.png');
    expect(getComputedStyle(screen.getByRole('banner')).backgroundColor).toBe('rgb(0, 51, 102)');
    expect(getComputedStyle(screen.getByText(/^Location/, { selector: 'label' })).color).toBe('rgb(170, 51, 0)');
    expect(screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual(['Details']);
    expect(screen.getByText('Tell us where the water is.')).toBeTruthy();
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Reported via the public page');
    expect(screen.queryByText('Staff remark')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the groups whose conditions the values meet as the guest fills them in', async () => {
    const user = openPage(fakeServer().api);
    await form();

    await user.selectOptions(screen.getByLabelText('Severity'), 'High');

    expect(screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual(['Details', 'Escalation']);
    await user.selectOptions(screen.getByLabelText('Severity'), 'Low');
    expect(screen.queryByText('Escalation')).toBeNull();
  });

  it('on a host with a subdomain, that subdomain selects the template', async () => {
    const server = fakeServer();
    renderWithSession(<IncidentTemplatePage hostname="acme.beacon.example" />, { api: server.api, path: '/incident-template?subdomain=other' });
    await form();

    expect(server.send).toHaveBeenCalledTimes(1);

    expect(server.send).toHaveBeenCalledWith('GET', '/api/incidents/public_incident_template/acme/');
  });

  it('stops the submit while a required value is missing, naming group and field in the spec’s words', async () => {
    const server = fakeServer();
    const user = openPage(server.api);
    await form();

    await user.selectOptions(screen.getByLabelText('Severity'), 'High');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const problems = within(screen.getByRole('alert'));
    expect(problems.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Details › Location: Please enter a value. This field is required.',
      'Escalation › Contact: Please enter a value. This field is required.',
    ]);
    const location = screen.getByLabelText('Location', { exact: false });
    expect(location.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(location.getAttribute('aria-describedby')!)?.textContent).toBe(REQUIRED);
    expect(server.startCalls()).toEqual([]);

    await user.type(location, 'Main street');
    expect(location.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Escalation › Contact: Please enter a value. This field is required.');
  });

  it('uploads a chosen file for its field and sends it with the values', async () => {
    let finish: (attachment: UploadedAttachmentDto) => void = () => undefined;
    const upload = jest.fn((_form: FormData) => new Promise<UploadedAttachmentDto>((resolve) => (finish = resolve)));
    const server = fakeServer({ upload });
    const user = openPage(server.api);
    await form();
    const photo = new File(['jpeg bytes'], 'basement.jpg', { type: 'image/jpeg' });

    await user.upload(screen.getByLabelText('Photo'), photo);

    expect(await screen.findByText('Uploading basement.jpg…')).toBeTruthy();
    const sent = upload.mock.calls[0]![0];
    expect(sent.get('file')).toBeInstanceOf(File);
    expect((sent.get('file') as File).name).toBe('basement.jpg');
    expect(JSON.parse(sent.get('file_data') as string)).toEqual({ subdomain: 'acme', field: 'f-photo' });
    await user.type(screen.getByLabelText('Location', { exact: false }), 'Main street');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('Please wait until the files are uploaded.');

    finish(PHOTO);
    expect(await screen.findByRole('button', { name: 'Remove basement.jpg' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(server.startCalls()).toHaveLength(1));
    expect((server.startCalls()[0]![2] as StartIncidentRequest).payload).toContainEqual({
      field: 'f-photo',
      field_group: 'g-details',
      values: [PHOTO],
    });
  });

  it('says so when an upload fails', async () => {
    const user = openPage(fakeServer({ upload: () => Promise.reject(new ApiError(500, SERVER_ERROR_TEXT)) }).api);
    await form();

    await user.upload(screen.getByLabelText('Photo'), new File(['x'], 'basement.jpg'));

    expect(await screen.findByText('The file can not be uploaded. Please contact your administrator.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('starts the incident from the template with the values and thanks the guest under the module name', async () => {
    const server = fakeServer();
    const user = openPage(server.api);
    await form();

    await user.type(screen.getByLabelText('Location', { exact: false }), 'Main street');
    await user.selectOptions(screen.getByLabelText('Severity'), 'High');
    await user.type(screen.getByLabelText('Contact', { exact: false }), 'Ada, 555 0100');
    await user.type(screen.getByLabelText('People affected'), '12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Your Case was submitted.')).toBeTruthy();
    expect(server.startCalls()).toEqual([
      [
        'POST',
        '/api/incidents/public_incident_template/acme/start/',
        {
          payload: [
            { field: 'f-location', field_group: 'g-details', values: ['Main street'] },
            { field: 'f-severity', field_group: 'g-details', values: ['f-severity-high'] },
            { field: 'f-notes', field_group: 'g-details', values: ['Reported via the public page'] },
            { field: 'f-people', field_group: 'g-details', values: [12] },
            { field: 'f-contact', field_group: 'g-escalation', values: ['Ada, 555 0100'] },
          ],
        },
      ],
    ]);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('shows the required values the server found missing, and its message for other refusals', async () => {
    const start = jest
      .fn<(...args: unknown[]) => Promise<unknown>>()
      .mockRejectedValueOnce(
        new ApiError(400, {
          detail: `Details › Location: ${REQUIRED}`,
          missing: [{ field_group: 'g-details', field_group_title: 'Details', field: 'f-location', field_label: 'Location' }],
        }),
      )
      .mockRejectedValueOnce(new ApiError(400, { detail: 'Some values break the rules.', rule_errors: [{ message: 'At most 10 characters.', for_field: 'f-location', type: 'max_length', value: '10' }] }));
    const user = openPage(fakeServer({ start }).api);
    await form();
    await user.type(screen.getByLabelText('Location', { exact: false }), 'Main street');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Details › Location: ${REQUIRED}`);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('At most 10 characters.Some values break the rules.'));
    const location = screen.getByLabelText('Location', { exact: false });
    expect(document.getElementById(location.getAttribute('aria-describedby')!)?.textContent).toBe('At most 10 characters.');
  });

  it('says the page is not available for an unknown subdomain', async () => {
    const server = fakeServer({ template: () => Promise.reject(new ApiError(404, { detail: 'Not found.' })) });
    openPage(server.api, '/incident-template?subdomain=nobody');

    expect(await screen.findByRole('heading', { level: 1, name: 'This page is not available.' })).toBeTruthy();
    expect(server.send).toHaveBeenCalledWith('GET', '/api/incidents/public_incident_template/nobody/');
    expect(screen.queryByText('Not found.')).toBeNull();
  });

  it('says the page is not available, without asking, when no subdomain is given', async () => {
    const server = fakeServer();
    openPage(server.api, '/incident-template');

    expect(await screen.findByRole('heading', { level: 1, name: 'This page is not available.' })).toBeTruthy();
    expect(server.send).not.toHaveBeenCalled();
  });

  it('shows the spec’s text for a server error, and loads again on Try again', async () => {
    const template = jest.fn(async () => aPublicTemplate());
    template.mockRejectedValueOnce(new ApiError(500, SERVER_ERROR_TEXT));
    const user = openPage(fakeServer({ template }).api);

    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please contact your administrator.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await form()).toBeTruthy();
  });

  it('works for a guest: the real API client sends no Authorization header', async () => {
    const requests: Request[] = [];
    const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(new URL(String(input), 'http://console.test'), init));
      return new Response(JSON.stringify(aPublicTemplate()), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const api = createApiClient({ tokenStorage: memoryTokenStorage(), onUnauthorized: jest.fn(), fetch });
    openPage(api);
    await form();

    expect(requests.map((request) => [request.method, new URL(request.url).pathname])).toEqual([
      ['GET', '/api/incidents/public_incident_template/acme/'],
    ]);
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
  });
});
