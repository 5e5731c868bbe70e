import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderBuilderStep as renderStep, runningBuilders } from '../../testing/render-builder-step';
import { ContentStep } from './ContentStep';
import { DevicesStep } from './DevicesStep';

afterEach(() => runningBuilders.splice(0).forEach((actor) => actor.stop()));

const smsBox = () => screen.getByRole('textbox', { name: 'SMS content' });

describe('Content step', () => {
  it('has a box for each active channel only', async () => {
    const { actor, device } = await renderStep(ContentStep);

    expect(screen.getByRole('textbox', { name: 'Main voice call content' })).toBeTruthy();
    expect(smsBox()).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email content' })).toBeTruthy();

    act(() => {
      actor.send({ type: 'builder.device', device: device('EMAIL'), chosen: false });
      actor.send({ type: 'builder.device', device: device('VOICE'), chosen: false });
    });

    expect(smsBox()).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Email content' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Main voice call content' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
  });

  it('counts the SMS parts as the text is typed: 160 characters are one part, 161 two', async () => {
    await renderStep(ContentStep);
    const user = userEvent.setup();

    fireEvent.change(smsBox(), { target: { value: 'a'.repeat(159) } });
    await user.type(smsBox(), 'b');
    expect(screen.getByText('160 characters, 1 SMS part (GSM-7)')).toBeTruthy();

    await user.type(smsBox(), 'c');
    expect(screen.getByText('161 characters, 2 SMS parts (GSM-7)')).toBeTruthy();

    // One character outside the GSM alphabet makes the text Unicode: 70 characters a part.
    fireEvent.change(smsBox(), { target: { value: `${'a'.repeat(69)}ж` } });
    expect(screen.getByText('70 characters, 1 SMS part (UCS-2)')).toBeTruthy();
  });

  it('warns past the threshold of five parts', async () => {
    await renderStep(ContentStep);

    fireEvent.change(smsBox(), { target: { value: 'a'.repeat(765) } });
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(smsBox(), { target: { value: 'a'.repeat(766) } });
    expect(screen.getByRole('alert').textContent).toBe('This SMS is longer than 765 characters (GSM-7): it is sent as 6 SMS parts, each charged.');
  });

  it('previews the SMS as its recipient sees it: test header, opening and closing texts, placeholders masked, polling options with both digit and text', async () => {
    const { actor } = await renderStep(ContentStep, { opening_text: 'North Hospital:', closing_text: 'Reply STOP to opt out', test_message_header: true });

    act(() =>
      actor.send({
        type: 'builder.change',
        patch: { scenario_name: 'Fire drill', polling_options: [{ option_digit: '1', option_text: 'Safe' }, { option_digit: '2', option_text: '' }] },
      }),
    );
    fireEvent.change(smsBox(), { target: { value: 'Hello #first_name#, leave now' } });

    const preview = screen.getByRole('heading', { name: 'SMS preview' }).parentElement!;
    expect(within(preview).getByText(/FIRE DRILL:/).textContent).toBe('FIRE DRILL: North Hospital:\nHello **********, leave now\n1 - Safe\nReply STOP to opt out');
  });

  it.each([
    ['with two-way SMS on, only when the box is ticked', { two_way_sms: true }, 'Recipients answer through a link.', [false, true]],
    ['with two-way SMS off, never: no link would be sent', { two_way_sms: false }, 'Two-way SMS is off for your group, so no link is sent.', [false, false]],
    ['with two-way SMS forced, always', { force_two_way_sms: true }, 'Your group adds the link to every text.', [true, true]],
  ])('previews the two-way link as it is sent: %s', async (_case, settings, hint, shown) => {
    await renderStep(ContentStep, settings);
    const user = userEvent.setup();
    fireEvent.change(smsBox(), { target: { value: 'Are you safe?' } });
    const preview = () => screen.getByRole('heading', { name: 'SMS preview' }).parentElement!.textContent ?? '';
    const box = screen.getByRole('checkbox', { name: 'Two-way SMS link' });
    expect(screen.getByText(hint)).toBeTruthy();

    expect(preview().includes('Respond here: https://example.invalid/r/SAMPLE')).toBe(shown[0]);
    await user.click(box);
    expect(preview().includes('Respond here: https://example.invalid/r/SAMPLE')).toBe(shown[1]);
  });
});

describe('Devices step', () => {
  it('asks for an email subject only while an email device is chosen', async () => {
    await renderStep(DevicesStep);
    const user = userEvent.setup();

    expect(screen.getByRole('textbox', { name: 'Email subject' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Work email (Email)' }));
    expect(screen.queryByRole('textbox', { name: 'Email subject' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select all devices' }) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Select all devices' }));
    expect(screen.getByRole('textbox', { name: 'Email subject' })).toBeTruthy();
  });
});
