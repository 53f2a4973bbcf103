// The text format (metricsRegistry.ts): what Prometheus parses.
import { describe, expect, it } from 'vitest';
import { Registry } from './metricsRegistry';

describe('Registry.exposition', () => {
  it('writes counters, histograms and read families with HELP, TYPE and escaped labels', async () => {
    const registry = new Registry();
    const hits = registry.counter('hits_total', 'Hits.\nTwo lines', ['route']);
    hits.inc({ route: '/a/:b' });
    hits.inc({ route: '/a/:b' }, 2);
    hits.inc({ route: 'say "hi"\\' });
    const times = registry.histogram('took_seconds', 'Took.', ['route'], [0.1, 1]);
    times.observe({ route: '/x' }, 0.05);
    times.observe({ route: '/x' }, 0.5);
    times.observe({ route: '/x' }, 5);
    registry.collected('queue', 'Waiting.', 'gauge', async () => [{ value: 7 }]);
    expect(await registry.exposition(() => {})).toBe(
      [
        '# HELP hits_total Hits.\\nTwo lines',
        '# TYPE hits_total counter',
        'hits_total{route="/a/:b"} 3',
        'hits_total{route="say \\"hi\\"\\\\"} 1',
        '# HELP took_seconds Took.',
        '# TYPE took_seconds histogram',
        'took_seconds_bucket{route="/x",le="0.1"} 1',
        'took_seconds_bucket{route="/x",le="1"} 2',
        'took_seconds_bucket{route="/x",le="+Inf"} 3',
        'took_seconds_sum{route="/x"} 5.55',
        'took_seconds_count{route="/x"} 3',
        '# HELP queue Waiting.',
        '# TYPE queue gauge',
        'queue 7',
        '',
      ].join('\n'),
    );
  });

  it('leaves out a family whose reading failed, and says which', async () => {
    const registry = new Registry();
    registry.collected('broken', 'Fails.', 'gauge', () => Promise.reject(new Error('db down')));
    registry.collected('fine', 'Works.', 'gauge', () => [{ value: 1 }]);
    const failed: string[] = [];
    const text = await registry.exposition((name) => failed.push(name));
    expect(failed).toEqual(['broken']);
    expect(text).toBe('# HELP fine Works.\n# TYPE fine gauge\nfine 1\n');
  });

  it('refuses a name registered twice', () => {
    const registry = new Registry();
    registry.counter('x_total', 'X.');
    expect(() => registry.counter('x_total', 'X.')).toThrow(/twice/);
  });
});
