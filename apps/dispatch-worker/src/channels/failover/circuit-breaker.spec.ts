import { describe, expect, it } from '@jest/globals';
import { CircuitBreaker, type CircuitState } from './circuit-breaker';

/** A breaker on a clock the test moves, and the changes it announced. */
function breaker(options: { windowMs?: number; minimumSends?: number; errorRate?: number; openMs?: number } = {}) {
  let now = 1_000_000;
  const changes: [CircuitState, string][] = [];
  const circuit = new CircuitBreaker({ windowMs: 10_000, minimumSends: 4, errorRate: 0.5, openMs: 5_000, ...options, now: () => now }, (state, why) => changes.push([state, why]));
  const send = (ok: boolean) => {
    const permit = circuit.permit();
    if (permit.kind === 'rested') return permit;
    if (ok) circuit.succeeded(permit);
    else circuit.failed(permit);
    return permit;
  };
  return { circuit, changes, send, wait: (ms: number) => void (now += ms) };
}

describe('the circuit breaker of a provider', () => {
  it('stays closed while failures are under the rate, or too few to judge', () => {
    const { circuit, send } = breaker();
    send(false);
    send(false);
    send(false);
    expect(circuit.state).toBe('closed'); // 3 sends: fewer than the 4 the rate needs
    send(true);
    send(true);
    send(true);
    send(true);
    expect(circuit.state).toBe('closed'); // 3 of 7
  });

  it('opens when the error rate over the window reaches the threshold, and rests the provider', () => {
    const { circuit, changes, send } = breaker();
    send(true);
    send(false);
    send(true);
    expect(send(false)).toEqual({ kind: 'primary' });
    expect(circuit.state).toBe('open');
    expect(changes).toEqual([['open', '2 of its last 4 sends in 10 s failed (50%)']]);
    expect(circuit.permit()).toEqual({ kind: 'rested', why: expect.stringMatching(/^2 of its last 4 sends in 10 s failed \(50%\); it is rested until \d{4}-/) });
  });

  it('forgets failures older than the window: a slow trickle of failures never opens it', () => {
    const { circuit, send, wait } = breaker();
    for (let i = 0; i < 12; i++) {
      send(true);
      send(true);
      send(false);
      wait(4_000);
    }
    // Over the last 10 s: at most 3 failures of 9 sends.
    expect(circuit.state).toBe('closed');
    send(false);
    send(false);
    send(false);
    send(false);
    expect(circuit.state).toBe('open');
  });

  it('after its rest, lets one probe through at a time; an answered probe closes it with a clean window', () => {
    const { circuit, changes, send, wait } = breaker();
    for (let i = 0; i < 4; i++) send(false);
    wait(4_999);
    expect(circuit.permit().kind).toBe('rested');
    wait(1);
    const probe = circuit.permit();
    expect(probe).toEqual({ kind: 'probe' });
    expect(circuit.state).toBe('half-open');
    expect(circuit.permit()).toEqual({ kind: 'rested', why: expect.stringContaining('a probe is under way') });
    circuit.succeeded(probe);
    expect(circuit.state).toBe('closed');
    expect(changes.map(([state]) => state)).toEqual(['open', 'half-open', 'closed']);
    // The failures before the rest are forgotten: one more failure does not reopen it.
    send(false);
    expect(circuit.state).toBe('closed');
  });

  it('a failed probe rests the provider again, for as long, saying so', () => {
    const { circuit, send, wait } = breaker();
    for (let i = 0; i < 4; i++) send(false);
    wait(5_000);
    const probe = circuit.permit();
    circuit.failed(probe);
    expect(circuit.state).toBe('open');
    expect(circuit.permit()).toEqual({ kind: 'rested', why: expect.stringMatching(/^4 of its last 4 sends in 10 s failed \(100%\); 1 probe failed since; it is rested until/) });
    wait(4_000);
    expect(circuit.permit().kind).toBe('rested');
    wait(1_000);
    expect(circuit.permit()).toEqual({ kind: 'probe' });
  });

  it('answers to sends that began before it opened change nothing while it is open', () => {
    const { circuit } = breaker();
    const early = [circuit.permit(), circuit.permit(), circuit.permit(), circuit.permit(), circuit.permit()];
    for (const permit of early.slice(0, 4)) circuit.failed(permit);
    expect(circuit.state).toBe('open');
    circuit.succeeded(early[4]!);
    expect(circuit.state).toBe('open');
  });
});
