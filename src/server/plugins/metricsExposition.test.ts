// What Prometheus reads (metricsExposition.ts, metrics.ts): the request series, bounded by
// route pattern and method; a family whose reading failed left out and named; a reading of
// nothing written as no sample; and each app's counts its own.
import { describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { exposition, readAtScrape } from './metricsExposition';
import { createMetrics } from './metrics';

const text = (registry: Registry) => exposition([registry], () => {});

describe('the request series', () => {
  it('counts and times requests by method, route pattern and status, other methods as one', async () => {
    const metrics = createMetrics();
    metrics.observeRequest('GET', '/a/:b', 200, 0.05);
    metrics.observeRequest('GET', '/a/:b', 200, 0.5);
    metrics.observeRequest('PROPFIND', '/a/:b', 404, 20);
    metrics.countSmtpAnswer('sent');
    const lines = (await text(metrics.registry)).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        '# TYPE http_requests_total counter',
        'http_requests_total{method="GET",route="/a/:b",status="200"} 2',
        'http_requests_total{method="other",route="/a/:b",status="404"} 1',
        '# TYPE http_request_duration_seconds histogram',
        'http_request_duration_seconds_bucket{le="0.05",method="GET",route="/a/:b",status="200"} 1',
        'http_request_duration_seconds_bucket{le="1",method="GET",route="/a/:b",status="200"} 2',
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/a/:b",status="200"} 2',
        'http_request_duration_seconds_sum{method="GET",route="/a/:b",status="200"} 0.55',
        'http_request_duration_seconds_count{method="GET",route="/a/:b",status="200"} 2',
        'http_request_duration_seconds_bucket{le="10",method="other",route="/a/:b",status="404"} 0',
        '# TYPE chapters_email_copies_total counter',
        'chapters_email_copies_total{answer="sent"} 1',
      ]),
    );
    expect(lines.join('\n')).not.toMatch(/PROPFIND/);
  });

  it("keeps each app's counts apart: two apps in one process do not collide", async () => {
    const one = createMetrics();
    const two = createMetrics();
    one.observeRequest('GET', '/x', 200, 0.01);
    expect(await text(one.registry)).toMatch(/^http_requests_total\{.*\} 1$/m);
    expect(await text(two.registry)).not.toMatch(/^http_requests_total\{/m);
  });
});

describe('families read at scrape time', () => {
  it('leaves out a family whose reading failed, and says which', async () => {
    const registry = new Registry();
    readAtScrape('gauge', {
      registry,
      name: 'broken',
      help: 'Fails.',
      read: () => Promise.reject(new Error('db down')),
    });
    readAtScrape('gauge', { registry, name: 'fine', help: 'Works.', read: () => [{ value: 1 }] });
    const failed: string[] = [];
    const written = await exposition([registry], (name) => failed.push(name));
    expect(failed).toEqual(['broken']);
    expect(written).toBe('# HELP fine Works.\n# TYPE fine gauge\nfine 1\n');
  });

  it('writes what the reading says at each scrape, and no sample (not 0) for a reading of nothing', async () => {
    const registry = new Registry();
    let hits: number | null = 3;
    readAtScrape('counter', {
      registry,
      name: 'kept_total',
      help: 'Kept elsewhere.',
      labelNames: ['kind'],
      read: () => [{ labels: { kind: 'fresh' }, value: 5 }],
    });
    readAtScrape('gauge', {
      registry,
      name: 'pool_total',
      help: 'Maybe none.',
      read: () => (hits === null ? [] : [{ value: hits }]),
    });
    expect(await text(registry)).toContain('kept_total{kind="fresh"} 5\n');
    expect(await text(registry)).toContain('kept_total{kind="fresh"} 5\n');
    expect(await text(registry)).toMatch(/^pool_total 3$/m);
    hits = null;
    const none = await text(registry);
    expect(none).toContain('# TYPE pool_total gauge');
    expect(none).not.toMatch(/^pool_total /m);
  });
});
