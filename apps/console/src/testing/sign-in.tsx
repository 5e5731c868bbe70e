import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClient } from '../api/api-client';
import { AppRoutes } from '../app/AppRoutes';
import { CurrentPath } from './render-console-as';
import { renderWithSession } from './render-with-session';
import { stubbedSessionLogic } from './session-fixtures';

interface AppOptions {
  api?: ApiClient;
  logic?: ReturnType<typeof stubbedSessionLogic>;
  storedToken?: string | null;
}

/** Renders the whole console at a path (a guest unless a token is stored), with the given API calls. */
export function renderApp(path: string, options: AppOptions = {}) {
  renderWithSession(
    <>
      <AppRoutes />
      <CurrentPath />
    </>,
    { path, ...options },
  );
  return userEvent.setup();
}

export const currentPath = () => screen.getByRole('status', { name: 'Current path' }).textContent;

/** What a screen reader reads after a field's label: its help and its errors. */
export function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** The snackbar (a status at the bottom of the screen) once it shows the text; null if the text shows elsewhere. */
export async function findSnackbar(text: string): Promise<HTMLElement | null> {
  return (await screen.findByText(text)).closest<HTMLElement>('[role="status"]');
}
