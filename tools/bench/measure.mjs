// Formatting and timing helpers shared by the benchmark's sections.
import { performance } from 'node:perf_hooks';

export const fmtInt = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
export const fmtMs = (n) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
export const fmtMb = (bytes) => `${Math.round(bytes / 1024 / 1024)} MB`;
export const heading = (text) => console.log(`\n=== ${text} ${'='.repeat(Math.max(3, 100 - text.length))}`);
export const line = (label, value) => console.log(`  ${label.padEnd(48)} ${value}`);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const errorText = (error) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Calls `run(i)` one at a time, `warmup` times unmeasured, then `times` times: latencies in ms. */
export async function latencies(run, { times, warmup = 20 }) {
  for (let i = 0; i < warmup; i++) await run(i);
  const measured = new Array(times);
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run(i);
    measured[i] = performance.now() - started;
  }
  measured.sort((a, b) => a - b);
  return { p50: percentile(measured, 50), p99: percentile(measured, 99), samples: times };
}
