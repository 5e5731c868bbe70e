import { screen, within } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { currentPath } from '../../testing/sign-in';
import { renderSettingsAs, stubSettingsApi } from './testing/stub-settings-api';

describe('incident settings page', () => {
  it('shows one tab per section at its own address', async () => {
    const server = stubSettingsApi({
      'GET /api/incidents/field/': () => [],
      'GET /api/incidents/form/': () => [],
      'GET /api/incidents/incident_template/': () => [],
    });
    const user = renderSettingsAs('ADMIN', '/incidents/settings', server.api);
    const tabs = await screen.findByRole('navigation', { name: 'Settings sections' }, { timeout: 5000 });

    expect(within(tabs).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('aria-current')])).toEqual([
      ['Fields', 'page'],
      ['Forms', null],
      ['Rules', null],
      ['Templates', null],
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Fields' })).toBeTruthy();

    await user.click(within(tabs).getByRole('link', { name: 'Forms' }));
    expect(await screen.findByText('No forms yet. Add a form to start Cases from.')).toBeTruthy();
    expect(currentPath()).toBe('/incidents/settings/forms');
    expect(within(tabs).getByRole('link', { name: 'Forms' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(tabs).getByRole('link', { name: 'Rules' }));
    expect(await screen.findByText('No forms yet. Rules check the fields of a form: add a form first.')).toBeTruthy();

    await user.click(within(tabs).getByRole('link', { name: 'Templates' }));
    expect(await screen.findByText('Templates start from a form: add a form first.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add template' })).toHaveProperty('disabled', true);
  });
});
