import { useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { RegisterPushSubscriptionRequest } from '@beacon/contracts';
import { useApi } from '../api/api-context';
import { browserPush, PushPermissionDenied, type BrowserPush } from './browser-push';
import { pushSubscriptionApi } from './push-subscription-api';

type State =
  | { readonly kind: 'checking' }
  /** No service workers or Push API here, or the server sends no push messages: said instead of the switch. */
  | { readonly kind: 'unavailable'; readonly why: string }
  | { readonly kind: 'ready'; readonly key: string; readonly on: boolean; readonly busy: boolean; readonly problem: string };

export const PUSH_UNSUPPORTED = 'Notifications are not available in this browser.';
export const PUSH_OFF_ON_SERVER = 'Notifications are not available: push messages are not sent from here.';
export const PUSH_CHECK_FAILED = 'Notifications on this browser could not be checked.';
export const PUSH_BLOCKED = "Notifications are blocked for this site: allow them in the browser's settings, then try again.";
export const PUSH_ON_FAILED = 'Notifications could not be turned on. Try again.';
export const PUSH_OFF_FAILED = 'Notifications could not be turned off. Try again.';

/** The subscription as the server takes it. */
function requestOf(subscription: PushSubscriptionJSON): RegisterPushSubscriptionRequest {
  return { endpoint: subscription.endpoint ?? '', expirationTime: subscription.expirationTime ?? null, keys: { p256dh: subscription.keys?.['p256dh'] ?? '', auth: subscription.keys?.['auth'] ?? '' } };
}

/**
 * "Notifications on this browser": a switch that subscribes this browser to push messages (messages
 * sent with push, use_pwa, then show here as notifications) and unsubscribes it. A browser already
 * subscribed is registered again when the page loads, so the server keeps it after a reinstall.
 */
export function PushNotificationsSwitch({ push = browserPush }: { push?: BrowserPush }) {
  const api = useApi();
  const server = useMemo(() => pushSubscriptionApi(api), [api]);
  const [state, setState] = useState<State>(() => (push.supported() ? { kind: 'checking' } : { kind: 'unavailable', why: PUSH_UNSUPPORTED }));
  const labelId = useId();

  useEffect(() => {
    if (!push.supported()) return;
    let gone = false;
    void (async () => {
      try {
        const { vapid_public_key: key } = await server.vapidKey();
        if (!key) return !gone && setState({ kind: 'unavailable', why: PUSH_OFF_ON_SERVER });
        const current = await push.current();
        if (current) await server.register(requestOf(current)).catch(() => undefined);
        if (!gone) setState({ kind: 'ready', key, on: current !== null, busy: false, problem: '' });
      } catch {
        if (!gone) setState({ kind: 'unavailable', why: PUSH_CHECK_FAILED });
      }
    })();
    return () => {
      gone = true;
    };
  }, [push, server]);

  if (state.kind !== 'ready') {
    return state.kind === 'checking' ? null : <Note>{state.why}</Note>;
  }

  const toggle = async () => {
    if (state.busy) return;
    setState({ ...state, busy: true, problem: '' });
    if (state.on) {
      try {
        const endpoint = await push.unsubscribe();
        if (endpoint) await server.remove(endpoint);
        setState({ ...state, on: false, busy: false, problem: '' });
      } catch {
        setState({ ...state, busy: false, problem: PUSH_OFF_FAILED });
      }
      return;
    }
    try {
      const subscription = await push.subscribe(state.key);
      try {
        await server.register(requestOf(subscription));
      } catch (error) {
        // The server does not have it: this browser would believe it is on and get nothing.
        await push.unsubscribe().catch(() => null);
        throw error;
      }
      setState({ ...state, on: true, busy: false, problem: '' });
    } catch (error) {
      setState({ ...state, busy: false, problem: error instanceof PushPermissionDenied ? PUSH_BLOCKED : PUSH_ON_FAILED });
    }
  };

  return (
    <div>
      <Row>
        <span id={labelId}>Notifications on this browser</span>
        <Switch type="button" role="switch" aria-checked={state.on} aria-labelledby={labelId} aria-disabled={state.busy || undefined} onClick={() => void toggle()}>
          <Track aria-hidden="true" $on={state.on}>
            <Thumb $on={state.on} />
          </Track>
          <span aria-hidden="true">{state.on ? 'On' : 'Off'}</span>
        </Switch>
      </Row>
      <Note role="status">{state.busy ? (state.on ? 'Turning off…' : 'Turning on…') : state.problem}</Note>
    </div>
  );
}

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  color: ${({ theme }) => theme.colors.text};
`;

const Switch = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 2px;
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: none;
  border: none;
  border-radius: ${({ theme }) => theme.radiusPx}px;
  cursor: pointer;

  &[aria-disabled='true'] {
    cursor: progress;
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }
`;

const Track = styled.span<{ $on: boolean }>`
  position: relative;
  width: 32px;
  height: 18px;
  border: 2px solid ${({ theme }) => theme.colors.text};
  border-radius: 9px;
  background: ${({ $on, theme }) => ($on ? theme.colors.text : 'transparent')};
`;

const Thumb = styled.span<{ $on: boolean }>`
  position: absolute;
  top: 2px;
  left: ${({ $on }) => ($on ? '16px' : '2px')};
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ $on, theme }) => ($on ? theme.colors.surface : theme.colors.text)};
`;

const Note = styled.p`
  margin: 4px 0;
  &:empty {
    margin: 0;
  }
`;
