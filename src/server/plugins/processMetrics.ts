// The process's own metrics under the names prom-client's default metrics use, so the usual
// Node.js dashboards and alerts read them as they are: CPU, memory, the heap, and the event
// loop's delay (how long a ready callback waited: a server busy on its own thread answers late
// whatever the database does).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Registry } from './metricsRegistry';

/** Registers the process metrics; the returned function stops the event-loop monitor. */
export function registerProcessMetrics(registry: Registry): () => void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const startedAt = Math.round(Date.now() / 1000 - process.uptime());
  const seconds = (nanoseconds: number) => (Number.isFinite(nanoseconds) ? nanoseconds / 1e9 : 0);

  registry.collected(
    'process_cpu_user_seconds_total',
    'User CPU time spent in seconds.',
    'counter',
    () => [{ value: process.cpuUsage().user / 1e6 }],
  );
  registry.collected(
    'process_cpu_system_seconds_total',
    'System CPU time spent in seconds.',
    'counter',
    () => [{ value: process.cpuUsage().system / 1e6 }],
  );
  registry.collected(
    'process_start_time_seconds',
    'Start time of the process since unix epoch in seconds.',
    'gauge',
    () => [{ value: startedAt }],
  );
  registry.collected(
    'process_resident_memory_bytes',
    'Resident memory size in bytes.',
    'gauge',
    () => [{ value: process.memoryUsage.rss() }],
  );
  const heap = () => process.memoryUsage();
  registry.collected(
    'nodejs_heap_size_total_bytes',
    'Process heap size from Node.js in bytes.',
    'gauge',
    () => [{ value: heap().heapTotal }],
  );
  registry.collected(
    'nodejs_heap_size_used_bytes',
    'Process heap size used from Node.js in bytes.',
    'gauge',
    () => [{ value: heap().heapUsed }],
  );
  registry.collected(
    'nodejs_external_memory_bytes',
    'Node.js external memory size in bytes.',
    'gauge',
    () => [{ value: heap().external }],
  );
  // Read and started again at each scrape: each figure covers the time since the last one.
  const lag: [string, string, () => number][] = [
    ['min', 'The minimum', () => delay.min],
    ['max', 'The maximum', () => delay.max],
    ['mean', 'The mean', () => delay.mean],
    ['p50', 'The 50th percentile of', () => delay.percentile(50)],
    ['p90', 'The 90th percentile of', () => delay.percentile(90)],
    ['p99', 'The 99th percentile of', () => delay.percentile(99)],
  ];
  for (const [name, what, read] of lag) {
    registry.collected(
      `nodejs_eventloop_lag_${name}_seconds`,
      `${what} recorded event loop delay since the last scrape.`,
      'gauge',
      () => [{ value: delay.count === 0 ? 0 : seconds(read()) }],
    );
  }
  // Last of the process families: the delay is read by those above before it starts again.
  registry.collected('nodejs_version_info', 'Node.js version info.', 'gauge', () => {
    delay.reset();
    return [{ labels: { version: process.version }, value: 1 }];
  });
  return () => delay.disable();
}
