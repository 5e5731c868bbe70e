import { screen, within } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { aSessionAs, renderConsoleAs } from '../testing/render-console-as';

/** The trail as a user reads it: each crumb's text, with the path of those that are links. */
async function readBreadcrumbs() {
  await screen.findByRole('heading', { level: 1 });
  const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
  return within(trail)
    .getAllByRole('listitem')
    .map((item) => {
      const link = within(item).queryByRole('link');
      return link ? `${link.textContent} → ${link.getAttribute('href')}` : item.textContent;
    });
}

const noticeboardOperator = aSessionAs('OPERATOR', { settings: { noticeboard_numbers: ['+441234567890'] } });

describe('breadcrumbs', () => {
  it('show only the Dashboard link on the Dashboard', async () => {
    renderConsoleAs(aSessionAs('OPERATOR'), '/');
    expect(await readBreadcrumbs()).toEqual(['Dashboard → /']);
  });

  it('show the Dashboard link, then the page name', async () => {
    renderConsoleAs(aSessionAs('OPERATOR'), '/message_sending');
    expect(await readBreadcrumbs()).toEqual(['Dashboard → /', 'Send Message']);
  });

  it('mark the page name as the current page', async () => {
    renderConsoleAs(aSessionAs('DATA'), '/users');
    await readBreadcrumbs();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Manage Users').getAttribute('aria-current')).toBe('page');
  });

  it('put a Message Calendar link before Schedule Message', async () => {
    renderConsoleAs(aSessionAs('OPERATOR'), '/message/calendar/schedule_message');
    expect(await readBreadcrumbs()).toEqual(['Dashboard → /', 'Message Calendar → /message/calendar', 'Schedule Message']);
  });

  it('put an Audio Noticeboard link before Create Audio Noticeboard', async () => {
    renderConsoleAs(noticeboardOperator, '/audio_noticeboard/add');
    expect(await readBreadcrumbs()).toEqual(['Dashboard → /', 'Audio Noticeboard → /audio_noticeboard', 'Create Audio Noticeboard']);
  });

  it('put an Audio Noticeboard link before Update Audio Noticeboard', async () => {
    renderConsoleAs(noticeboardOperator, '/audio_noticeboard/12');
    expect(await readBreadcrumbs()).toEqual(['Dashboard → /', 'Audio Noticeboard → /audio_noticeboard', 'Update Audio Noticeboard']);
  });

  it('name incident pages with the group’s module name', async () => {
    renderConsoleAs({ ...aSessionAs('OPERATOR'), incidentModuleSettings: { module_name: 'Case', module_name_plural: 'Cases' } }, '/incidents/reports');
    expect(await readBreadcrumbs()).toEqual(['Dashboard → /', 'Case reports']);
  });
});
