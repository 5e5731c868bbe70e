import type { EmailOutboxDto, OutboxEmailDto } from '@beacon/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { currentPath } from '../../testing/sign-in';
import { stubApi } from '../../testing/stub-api';

const LINK = 'https://demo.example/ui/reset/user-7/token-abc';

const resetEmail: OutboxEmailDto = {
  id: 'email-2',
  kind: 'password_reset',
  to: 'sam@demo.test',
  subject: 'Reset your password',
  text: `Hello,\n\nTo choose a new password, open this link:\n\n${LINK}\n\nThe link works once and expires in 1 hour.`,
  created_at: '2025-03-05T14:07:09.512Z',
  status: 'sent',
  failure: null,
};

const olderEmail: OutboxEmailDto = { ...resetEmail, id: 'email-1', to: 'olu@demo.test', created_at: '2025-03-04T09:00:00.000Z' };

function openOutbox(getEmailOutbox: () => Promise<EmailOutboxDto>, path = '/email_outbox') {
  const session = aSessionAs('ADMIN');
  renderConsoleAs({ ...session, user: { ...session.user, preferred_timezone: 'Europe/London' } }, path, {}, stubApi({ getEmailOutbox }));
  return userEvent.setup();
}

describe('EmailOutboxPage', () => {
  it('lists the sent emails newest first: to whom, the subject, when, and the body with its link clickable', async () => {
    openOutbox(async () => ({ results: [resetEmail, olderEmail] }));

    const emails = await screen.findAllByRole('article');
    expect(emails.map((email) => within(email).getByText(/@demo\.test$/).textContent)).toEqual(['sam@demo.test', 'olu@demo.test']);
    const newest = emails[0]!;
    expect(within(newest).getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(within(newest).getByText('05/03/2025 14:07:09')).toBeTruthy();
    const link = within(newest).getByRole('link', { name: LINK });
    expect(link.getAttribute('href')).toBe(LINK);
    expect(newest.textContent).toContain('The link works once and expires in 1 hour.');
  });

  it('says when there are no emails yet', async () => {
    openOutbox(async () => ({ results: [] }));

    expect(await screen.findByText('No emails yet.')).toBeTruthy();
  });

  it('shows why the outbox could not be read, and reads it again on Refresh', async () => {
    const getEmailOutbox = jest
      .fn<() => Promise<EmailOutboxDto>>()
      .mockRejectedValueOnce(new ApiError(500, SERVER_ERROR_TEXT))
      .mockResolvedValueOnce({ results: [resetEmail] });
    const user = openOutbox(getEmailOutbox);

    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_ERROR_TEXT);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByRole('article')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is linked from an admin’s Dashboard', async () => {
    const user = openOutbox(async () => ({ results: [resetEmail] }), '/');

    await user.click(await screen.findByRole('link', { name: 'Email outbox' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Email outbox' })).toBeTruthy();
    expect(currentPath()).toBe('/email_outbox');
  });

  it('is neither linked for nor open to other roles', async () => {
    renderConsoleAs(aSessionAs('OPERATOR'), '/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('link', { name: 'Email outbox' })).toBeNull();
  });

  it('logs out an operator who opens it', async () => {
    const logOut = jest.fn(async () => undefined);
    renderConsoleAs(aSessionAs('OPERATOR'), '/email_outbox', { logOut });

    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(logOut).toHaveBeenCalledTimes(1);
  });
});
