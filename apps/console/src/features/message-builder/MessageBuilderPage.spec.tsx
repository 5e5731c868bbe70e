import { describe, expect, it } from '@jest/globals';
import { newScenarioDraft } from '@beacon/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { FakeScenarioServer } from './testing/fake-scenario-server';
import { fakeBuilderClient } from './testing/fake-builder-client';

const currentPath = () => screen.getByRole('status', { name: 'Current path' }).textContent;
const tabs = () => within(screen.getByRole('navigation', { name: 'Message steps' }));

describe('Message builder page', () => {
  it('flags a tab the server’s refusal names, in words, then saves the new message and goes on at its edit route', async () => {
    const server = new FakeScenarioServer().refuseNextSave({ detail: 'This field may not be blank.', name: ['This field may not be blank.'] });
    const { client } = fakeBuilderClient(server);
    renderConsoleAs(aSessionAs('OPERATOR'), '/message/scenario/add', {}, client);
    const user = userEvent.setup();

    const name = await screen.findByRole('textbox', { name: 'Message name' });
    expect(currentPath()).toBe('/message/scenario/add/settings');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await tabs().findByRole('link', { name: 'Settings (has errors)' })).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field may not be blank.', { selector: 'span' })).toBeTruthy();

    await user.type(name, 'Flood warning');
    expect(tabs().getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentPath()).toBe('/message/scenario/add/recipients');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Message' })).toBeTruthy();
    expect(currentPath()).toBe('/message_sending/scenario/edit/scenario-1/recipients');
    expect(server.kept.get('scenario-1')?.scenario_name).toBe('Flood warning');
    // The same builder goes on: no second read of the message.
    expect(server.calls).not.toContain('GET scenario scenario-1');
  });

  it('opens a kept message for a sender at its first step without asking for the group’s fields, which senders may not read', async () => {
    const server = new FakeScenarioServer();
    await server.createScenario({ ...newScenarioDraft({ ttsVoice: 'Amy', language: 'en-GB' }), scenario_name: 'IT outage' });
    const { client, paths } = fakeBuilderClient(server);
    renderConsoleAs(aSessionAs('SENDER'), '/message_sending/scenario/edit/scenario-1', {}, client);

    expect(((await screen.findByRole('textbox', { name: 'Message name' })) as HTMLInputElement).value).toBe('IT outage');
    expect(currentPath()).toBe('/message_sending/scenario/edit/scenario-1/settings');
    expect(paths.filter((path) => path.includes('/fields/'))).toEqual([]);

    await userEvent.setup().click(tabs().getByRole('link', { name: 'Devices' }));
    expect(await screen.findByText('Only admins and operators choose devices.')).toBeTruthy();
  });
});
