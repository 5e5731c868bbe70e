/**
 * Issue 22's scale targets, over a session of 100,000 people (the sending bench's broadcast, its report
 * settled): report details, a filtered page and the aggregates over HTTP, and the people as a workbook
 * with the process's memory watched while it streams. Each read is timed over distinct requests (other
 * pages, other filters), so no answer comes from the read cache; the slowest is the figure.
 */
import { performance } from 'node:perf_hooks';

export const REPORT_TARGETS = { detailsMs: 50, filteredPageMs: 50, aggregateMs: 100, xlsxMs: 20_000, xlsxMemoryMb: 300 };
const TRIES = 10;

async function timed(base, token, method, path) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { method, headers: { Authorization: `Token ${token}` } });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${body.toString('utf8').slice(0, 200)}`);
  return { ms: performance.now() - started, bytes: body.length };
}

/** The slowest of several distinct requests, and their median. */
async function slowest(base, token, paths) {
  const times = [];
  for (const path of paths) times.push((await timed(base, token, 'GET', path)).ms);
  times.sort((a, b) => a - b);
  return { ms: times.at(-1), median: times[Math.floor(times.length / 2)] };
}

export async function benchSessionReport(base, token, sessionId, line) {
  const session = `/api/session/${sessionId}`;
  // Warm the statements once (a first query prepares them), then time distinct requests.
  await timed(base, token, 'GET', `${session}/report-details/`);
  const details = await slowest(base, token, Array.from({ length: TRIES }, () => `${session}/report-details/`));
  const filtered = await slowest(
    base,
    token,
    Array.from({ length: TRIES }, (_, n) => `${session}/recipients/?state=Successful+Delivery&page=${n * 97 + 1}&page_size=10`),
  );
  const replied = await slowest(base, token, Array.from({ length: TRIES }, (_, n) => `${session}/recipients/?reply=No+Response&page=${n * 131 + 1}&page_size=25`));
  const named = await slowest(base, token, Array.from({ length: 3 }, (_, n) => `${session}/recipients/?name=person+${n}${n}${n}&page=1`));
  const aggregate = await slowest(base, token, ['state', 'reply', 'reply_time', 'state', 'reply', 'reply_time'].map((by) => `${session}/recipients/aggregate/${by}/`));
  line('report details (ms)', `slowest of ${TRIES} ${details.ms.toFixed(1)}, median ${details.median.toFixed(1)}`);
  line('a page by state (ms)', `slowest of ${TRIES} ${filtered.ms.toFixed(1)}, median ${filtered.median.toFixed(1)}`);
  line('a page by reply (ms, not a target)', `slowest of ${TRIES} ${replied.ms.toFixed(1)}, median ${replied.median.toFixed(1)}`);
  line('a page by name (ms, not a target)', `slowest of 3 ${named.ms.toFixed(1)}: a search through every line of the session`);
  line('aggregates (ms)', `slowest of 6 ${aggregate.ms.toFixed(1)}, median ${aggregate.median.toFixed(1)}`);

  // The workbook of every person, streamed: its time, and how far the process's memory rose meanwhile.
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const watch = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  let xlsx;
  try {
    xlsx = await timed(base, token, 'POST', `${session}/xlsx/detailed/`);
  } finally {
    clearInterval(watch);
  }
  const grewMb = (peak - before) / 1024 / 1024;
  line('people as XLSX', `${(xlsx.ms / 1000).toFixed(2)} s, ${(xlsx.bytes / 1024 / 1024).toFixed(1)} MB; the process rose ${grewMb.toFixed(0)} MB meanwhile (RSS ${(peak / 1024 / 1024).toFixed(0)} MB at most)`);
  const t = REPORT_TARGETS;
  return { details, filtered, aggregate, xlsx: { ms: xlsx.ms, grewMb }, met: details.ms <= t.detailsMs && filtered.ms <= t.filteredPageMs && aggregate.ms <= t.aggregateMs && xlsx.ms <= t.xlsxMs && grewMb <= t.xlsxMemoryMb };
}

export function reportVerdicts(report) {
  const t = REPORT_TARGETS;
  const v = (ok) => (report ? (ok ? 'met' : 'NOT MET') : 'not measured');
  return `details <= ${t.detailsMs} ms: ${v(report?.details.ms <= t.detailsMs)}; a filtered page <= ${t.filteredPageMs} ms: ${v(report?.filtered.ms <= t.filteredPageMs)}; aggregates <= ${t.aggregateMs} ms: ${v(report?.aggregate.ms <= t.aggregateMs)}; XLSX <= ${t.xlsxMs / 1000} s: ${v(report?.xlsx.ms <= t.xlsxMs)}; its memory <= ${t.xlsxMemoryMb} MB: ${v(report?.xlsx.grewMb <= t.xlsxMemoryMb)}`;
}
