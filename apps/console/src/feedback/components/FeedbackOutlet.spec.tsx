import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { useFakeTimersForUi, useRealTimersAgain } from '../../testing/fake-timers';
import { theme } from '../../theme/theme';
import { FeedbackContext } from '../feedback-context';
import { useDialog, useSnackbar } from '../use-feedback';
import { FeedbackOutlet } from './FeedbackOutlet';

/** A page that asks and notifies through the hooks, as any screen of the app would. */
function Page({ onAccept = () => undefined, onSubmit = () => undefined }: { onAccept?: () => void; onSubmit?: (value: string) => void }) {
  const dialog = useDialog();
  const snackbar = useSnackbar();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          dialog.alert({ message: 'Delete the template?', acceptText: 'Delete', declineText: 'Keep', onAccept })
        }
      >
        Delete template
      </button>
      <button
        type="button"
        onClick={() => dialog.singleInput({ title: 'Rename list', label: 'List name', value: 'Night shift', buttonText: 'Rename', onSubmit })}
      >
        Rename list
      </button>
      <button type="button" onClick={() => dialog.alert({ message: 'The list was renamed.' })}>
        Inform
      </button>
      <button type="button" onClick={() => snackbar.show('The file was uploaded successfully.')}>
        Upload
      </button>
      <button type="button" onClick={() => snackbar.show('The file can not be uploaded.', 'error')}>
        Fail upload
      </button>
    </>
  );
}

function renderPage(props: Parameters<typeof Page>[0] = {}) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <ThemeProvider theme={theme}>
      <FeedbackContext.Provider>
        <Page {...props} />
        <FeedbackOutlet />
      </FeedbackContext.Provider>
    </ThemeProvider>,
  );
  return user;
}

async function wait(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  useFakeTimersForUi();
});

afterEach(() => {
  useRealTimersAgain();
});

describe('dialog', () => {
  it('asks an alert as a modal alertdialog, with focus on the decline button', async () => {
    const user = renderPage();

    await user.click(screen.getByRole('button', { name: 'Delete template' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Delete the template?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep' }));
  });

  it('runs the accept action on accept, closes after 300 ms and gives focus back', async () => {
    const onAccept = jest.fn();
    const user = renderPage({ onAccept });
    await user.click(screen.getByRole('button', { name: 'Delete template' }));

    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(onAccept).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete template' }));
    await wait(299);
    expect(screen.queryByRole('alertdialog')).not.toBeNull();
    await wait(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('still closes when a snackbar shows while it is closing', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete template' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await wait(300);

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('The file was uploaded successfully.');
  });

  it('closes without the action on decline', async () => {
    const onAccept = jest.fn();
    const user = renderPage({ onAccept });
    await user.click(screen.getByRole('button', { name: 'Delete template' }));

    await user.click(screen.getByRole('button', { name: 'Keep' }));
    await wait(300);

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('declines on Escape', async () => {
    const onAccept = jest.fn();
    const user = renderPage({ onAccept });
    await user.click(screen.getByRole('button', { name: 'Delete template' }));

    await user.keyboard('{Escape}');
    await wait(300);

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onAccept).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete template' }));
  });

  it('offers only an OK button for an alert without texts', async () => {
    const user = renderPage();

    await user.click(screen.getByRole('button', { name: 'Inform' }));

    const dialog = screen.getByRole('alertdialog', { name: 'The list was renamed.' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    expect(dialog.querySelectorAll('button')).toHaveLength(1);
  });

  it('keeps Tab inside the dialog', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete template' }));

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
  });

  it('asks a single input with its title, label and value, and submits what the user typed', async () => {
    const onSubmit = jest.fn();
    const user = renderPage({ onSubmit });
    await user.click(screen.getByRole('button', { name: 'Rename list' }));

    expect(screen.getByRole('dialog', { name: 'Rename list' }).getAttribute('aria-modal')).toBe('true');
    const input = screen.getByRole('textbox', { name: 'List name' });
    expect((input as HTMLInputElement).value).toBe('Night shift');
    expect(document.activeElement).toBe(input);

    await user.clear(input);
    await user.type(input, 'Day shift');
    await user.click(screen.getByRole('button', { name: 'Rename' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);

    expect(onSubmit).toHaveBeenCalledWith('Day shift');
    await wait(300);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('submits the single input with Enter, and closes it without submitting on Escape', async () => {
    const onSubmit = jest.fn();
    const user = renderPage({ onSubmit });

    await user.click(screen.getByRole('button', { name: 'Rename list' }));
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('Night shift');
    await wait(300);

    await user.click(screen.getByRole('button', { name: 'Rename list' }));
    await user.keyboard('{Escape}');
    await wait(300);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows a dialog opened by an accept action once the first has closed', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    function Chain() {
      const dialog = useDialog();
      return (
        <button
          type="button"
          onClick={() => dialog.alert({ message: 'Send now?', acceptText: 'Send', onAccept: () => dialog.alert({ message: 'Sent.' }) })}
        >
          Send message
        </button>
      );
    }
    render(
      <ThemeProvider theme={theme}>
        <FeedbackContext.Provider>
          <Chain />
          <FeedbackOutlet />
        </FeedbackContext.Provider>
      </ThemeProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.getByRole('alertdialog', { name: 'Sent.' })).not.toBeNull();
    expect(screen.queryByRole('alertdialog', { name: 'Send now?' })).toBeNull();
  });
});

describe('snackbar', () => {
  it('shows a default snackbar as a status that dismisses itself after 5000 ms, animating 300 ms', async () => {
    const user = renderPage();

    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(screen.getByRole('status').textContent).toContain('The file was uploaded successfully.');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    await wait(4_999);
    expect(screen.getByRole('status').getAttribute('data-dismissing')).toBe('false');
    await wait(1);
    expect(screen.getByRole('status').getAttribute('data-dismissing')).toBe('true');
    await wait(299);
    expect(screen.queryByRole('status')).not.toBeNull();
    await wait(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps an error snackbar as an alert until the user presses Dismiss', async () => {
    const user = renderPage();

    await user.click(screen.getByRole('button', { name: 'Fail upload' }));
    await wait(60_000);

    expect(screen.getByRole('alert').textContent).toContain('The file can not be uploaded.');

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await wait(299);
    expect(screen.queryByRole('alert')).not.toBeNull();
    await wait(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('replaces the snackbar showing, and counts the 5000 ms afresh', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Fail upload' }));

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await wait(3_000);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await wait(4_999);

    expect(screen.getByRole('status').getAttribute('data-dismissing')).toBe('false');
  });
});
