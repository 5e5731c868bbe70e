import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPLOAD_FAILED_TEXT } from '../attachment-uploads';
import { FakeScenarioServer } from '../testing/fake-scenario-server';
import { renderBuilderStep, runningBuilders } from '../testing/render-builder-step';
import { ContentStep } from './steps/ContentStep';

afterEach(() => runningBuilders.splice(0).forEach((actor) => actor.stop()));

const KB = 1024;
const aFile = (name: string, bytes: number, type: string) => new File([new Uint8Array(bytes)], name, { type });
const attach = (list: 'the SMS' | 'the email' | 'shared') => screen.getByLabelText(list === 'shared' ? 'Attach a shared file' : `Attach a file to ${list}`) as HTMLInputElement;
const total = (list: 'SMS' | 'Email' | 'Shared') => screen.getByRole('status', { name: `${list} attachments in all` });
const files = (list: 'SMS' | 'Email' | 'Shared') => within(screen.getByRole('list', { name: `${list} attachments` }));
/** Waits for a file to be listed. */
const listed = async (list: 'SMS' | 'Email' | 'Shared', name: string) => within(await screen.findByRole('list', { name: `${list} attachments` })).findByText(name);
const SMS_WARNING = "SMS attachments add up to more than 600 KB: some recipients' carriers may refuse them.";

describe('Content step: attachments', () => {
  it('lists an uploaded file with its size and the running total, and removes it', async () => {
    const { actor } = await renderBuilderStep(ContentStep);
    const user = userEvent.setup();
    expect(total('Email').textContent).toBe('No files attached.');

    await user.upload(attach('the email'), [aFile('plan.pdf', 300 * KB, 'application/pdf'), aFile('rota.xlsx', 1100 * KB, 'application/vnd.ms-excel')]);

    expect(await listed('Email', 'rota.xlsx')).toBeTruthy();
    expect(files('Email').getByText('plan.pdf').nextSibling?.textContent).toBe('300 KB');
    expect(files('Email').getByText('rota.xlsx').nextSibling?.textContent).toBe('1.1 MB');
    expect(total('Email').textContent).toBe('2 files, 1.4 MB of 25 MB');
    expect(actor.getSnapshot().context.draft.attachments.email.map((attachment) => attachment.attachment_name)).toEqual(['plan.pdf', 'rota.xlsx']);

    await user.click(screen.getByRole('button', { name: 'Remove plan.pdf' }));
    expect(files('Email').queryByText('plan.pdf')).toBeNull();
    expect(total('Email').textContent).toBe('1 file, 1.1 MB of 25 MB');
    // Focus goes back to the control, not to the page.
    expect(document.activeElement).toBe(attach('the email'));
  });

  it('warns, politely, of an SMS image above 600 KB', async () => {
    await renderBuilderStep(ContentStep);
    const user = userEvent.setup();

    await user.upload(attach('the SMS'), aFile('small.png', 100 * KB, 'image/png'));
    await listed('SMS', 'small.png');
    expect(total('SMS').textContent).not.toContain(SMS_WARNING);

    await user.upload(attach('the SMS'), aFile('map.png', 700 * KB, 'image/png'));
    await listed('SMS', 'map.png');
    expect(total('SMS').textContent).toBe(`2 files, 800 KB of 1 MB${SMS_WARNING}`);

    await user.click(screen.getByRole('button', { name: 'Remove map.png' }));
    expect(total('SMS').textContent).toBe('1 file, 100 KB of 1 MB');
  });

  it('says "Uploading <name>…" and takes no other file until it is done', async () => {
    const server = new FakeScenarioServer();
    server.autoUpload = false;
    await renderBuilderStep(ContentStep, {}, server);
    const user = userEvent.setup();

    await user.upload(attach('the email'), aFile('plan.pdf', 2 * KB, 'application/pdf'));
    expect(total('Email').textContent).toContain('Uploading plan.pdf…');
    expect(attach('the email').getAttribute('aria-disabled')).toBe('true');
    await user.upload(attach('the email'), aFile('other.pdf', 2 * KB, 'application/pdf'));
    expect(total('Email').textContent).not.toContain('other.pdf');

    server.finishUpload();
    await listed('Email', 'plan.pdf');
    expect(total('Email').textContent).toBe('1 file, 2 KB of 25 MB');
    expect(attach('the email').getAttribute('aria-disabled')).toBeNull();
    expect(server.uploaded).toEqual(['email plan.pdf']);
  });

  it('says why a file was not attached, next to its control', async () => {
    const server = new FakeScenarioServer();
    const { actor } = await renderBuilderStep(ContentStep, {}, server);
    // As a user who shows every file in the picker, not only images.
    const user = userEvent.setup({ applyAccept: false });
    const errorOf = (input: HTMLInputElement) => document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[1]!)?.textContent;

    server.failNextUpload(413);
    await user.upload(attach('the email'), aFile('scan.pdf', 2 * KB, 'application/pdf'));
    expect((await screen.findByRole('alert')).textContent).toBe('scan.pdf is larger than 10 MB.');
    expect(errorOf(attach('the email'))).toBe('scan.pdf is larger than 10 MB.');
    expect(attach('the email').getAttribute('aria-invalid')).toBe('true');

    await user.upload(attach('the SMS'), aFile('notes.txt', 2 * KB, 'text/plain'));
    expect(await within(attach('the SMS').parentElement!).findByText('notes.txt was not attached: SMS attachments must be JPEG, PNG or GIF images.')).toBeTruthy();

    server.failNextUpload(503);
    await user.upload(attach('the email'), aFile('plan.pdf', 2 * KB, 'application/pdf'));
    expect(await within(attach('the email').parentElement!).findByText(UPLOAD_FAILED_TEXT)).toBeTruthy();

    server.failNextUpload(0);
    await user.upload(attach('the SMS'), aFile('map.png', 2 * KB, 'image/png'));
    expect(await within(attach('the SMS').parentElement!).findByText(UPLOAD_FAILED_TEXT)).toBeTruthy();
    expect(actor.getSnapshot().context.draft.attachments).toEqual({ sms: [], email: [], shared: [] });
  });

  it('offers shared files only while the SMS’s or the email’s links are on', async () => {
    await renderBuilderStep(ContentStep);
    const user = userEvent.setup();
    expect(screen.queryByLabelText('Attach a shared file')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Include links in the email' }));
    await user.upload(attach('shared'), aFile('notice.pdf', 5 * KB, 'application/pdf'));
    await listed('Shared', 'notice.pdf');
    expect(total('Shared').textContent).toBe('1 file, 5 KB');

    await user.click(screen.getByRole('checkbox', { name: 'Include links in the email' }));
    expect(screen.queryByLabelText('Attach a shared file')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Include links in the SMS' }));
    // The links went off with their files (spec part 2 §4).
    expect(total('Shared').textContent).toBe('No files attached.');
  });
});
