import { screen } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { currentPath, renderApp } from '../../testing/sign-in';

describe('LoginFaqPage', () => {
  it('answers how to reset, lock-out, the second factor and whom to contact', () => {
    renderApp('/login/faq');

    expect(screen.getByRole('heading', { level: 1, name: 'Help with signing in' })).toBeTruthy();
    const questions = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(questions).toEqual(['I forgot my password', 'My account is locked', 'I am asked for a code', 'Still cannot sign in?']);
    expect(screen.getByRole('region', { name: 'My account is locked' }).textContent).toContain(
      'After 5 failed sign-in attempts in a row',
    );
    expect(screen.getByRole('region', { name: 'My account is locked' }).textContent).toContain('only an administrator');
  });

  it('links to the reset request and back to login', async () => {
    const user = renderApp('/login/faq');

    expect(screen.getByRole('link', { name: 'password reset link' }).getAttribute('href')).toBe('/login/reset');
    await user.click(screen.getByRole('link', { name: 'Back to login' }));
    expect(currentPath()).toBe('/login');
  });
});
