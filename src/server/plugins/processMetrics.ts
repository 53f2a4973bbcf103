// The process's own metrics: prom-client's default metrics (CPU, memory, the heap, the event
// loop's delay, open files, GC), under the names the usual Node.js dashboards and alerts read.
// They describe the process, not one app in it, so they are made once per process, in a registry
// of their own that every app's /metrics writes after its own families: two apps in one process
// (the tests) share them rather than start two event-loop monitors. Not prom-client's global
// registry, which any library might fill.
import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | null = null;

export function processMetrics(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
