import { describe, expect, it } from '@jest/globals';
import { failureKindOf, recipientReplyOf, recipientStateOf, type ReportedDevice } from './recipient-report';

const sms = (status: ReportedDevice['status'], extra: Partial<ReportedDevice> = {}): ReportedDevice => ({ channel: 'SMS', status, ...extra });
const voice = (status: ReportedDevice['status'], extra: Partial<ReportedDevice> = {}): ReportedDevice => ({ channel: 'VOICE', status, ...extra });

describe("a person's state in a session's report", () => {
  it('is Successful Delivery when a message reached them, whatever their call did', () => {
    expect(recipientStateOf([sms('delivered'), voice('failed')])).toBe('Successful Delivery');
    expect(recipientStateOf([sms('replied', { reply: 'Yes' })])).toBe('Successful Delivery');
  });

  it('is Successful Connection when only a call connected', () => {
    expect(recipientStateOf([voice('delivered'), sms('failed')])).toBe('Successful Connection');
  });

  it('is Conference Rejected when, in a conference, their call was declined (2); elsewhere a 2 is a reply like another', () => {
    expect(recipientStateOf([voice('replied', { reply: '2' })], true)).toBe('Conference Rejected');
    expect(recipientStateOf([voice('replied', { reply: '2' })], false)).toBe('Successful Connection');
    expect(recipientStateOf([voice('replied', { reply: '1' })], true)).toBe('Successful Connection');
  });

  it('is Delivery Failure once every device failed, timed out or ended unknown for good, or when they have none', () => {
    expect(recipientStateOf([sms('failed'), voice('timed_out')])).toBe('Delivery Failure');
    expect(recipientStateOf([sms('unknown', { final: true })])).toBe('Delivery Failure');
    expect(recipientStateOf([])).toBe('Delivery Failure');
  });

  it('is Pending while a device still waits for its answer', () => {
    for (const status of ['queued', 'claimed', 'submitted', 'sent'] as const) expect(recipientStateOf([sms('failed'), voice(status)])).toBe('Pending');
    expect(recipientStateOf([sms('unknown')])).toBe('Pending');
  });
});

describe("a person's reply column", () => {
  it('is their latest reply', () => {
    expect(recipientReplyOf([{ ...sms('replied', { reply: 'No' }), replied_at: '2026-11-27T08:00:00Z' }, { ...sms('replied', { reply: 'Yes' }), replied_at: '2026-11-27T08:05:00Z' }])).toBe('Yes');
  });

  it('is "Delivery Failure" when every device failed (or they have none), else "No Response"', () => {
    expect(recipientReplyOf([sms('failed'), voice('timed_out')])).toBe('Delivery Failure');
    expect(recipientReplyOf([])).toBe('Delivery Failure');
    expect(recipientReplyOf([sms('failed'), voice('delivered')])).toBe('No Response');
    expect(recipientReplyOf([sms('queued')])).toBe('No Response');
  });

  it('counts a declined conference call as no response (spec §3)', () => {
    expect(recipientReplyOf([voice('replied', { reply: '2' })], true)).toBe('No Response');
    expect(recipientReplyOf([voice('replied', { reply: '1' })], true)).toBe('1');
  });
});

describe('why a device failed, in words a sender can act on', () => {
  it.each([
    ['550 5.1.1 <a@b.test>: Recipient address rejected: User unknown', 'bounced'],
    ['Twilio 21211: The To number is not a valid phone number', 'not_in_service'],
    ['Simulated failure: the number is not in service.', 'not_in_service'],
    ['Twilio 21610: Attempt to send to unsubscribed recipient', 'blocked'],
    ['Message filtered as spam by the carrier', 'blocked'],
    ['The call was busy', 'unreachable'],
    ['410 Gone: the push subscription has expired', 'unreachable'],
    ['The provider timed out', 'timed_out'],
    ['Rejected by policy', 'refused'],
  ])('"%s" is %s', (reason, kind) => {
    expect(failureKindOf('failed', reason)).toBe(kind);
  });

  it('is timed out for a delivery the message timeout ended, unknown for an unknown outcome, nothing otherwise', () => {
    expect(failureKindOf('timed_out', null)).toBe('timed_out');
    expect(failureKindOf('unknown', 'The worker stopped')).toBe('unknown');
    expect(failureKindOf('delivered', 'whatever')).toBeNull();
  });
});
