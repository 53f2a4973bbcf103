// GET /metrics (plugins/metrics.ts): who may read it, the families it has, and that requests,
// cached answers and the email queue show up in them.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import {
  mailingDeliveries,
  mailingListContacts,
  mailingLists,
  mailingMessages,
} from '../db/schema';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The value of one sample, by its exact name and labels as the text has them; 0 if absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      // Answers kept, so a second read comes from a cache; no send worker taking the queue.
      env: { PUBLIC_CACHE_SECONDS: '60', MAIL_SEND_POLL_MS: '0' },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('answers loopback in the Prometheus text format, with every family named', async () => {
    await t.app.inject({ url: '/api/health' });
    const res = await t.app.inject({ url: '/metrics', remoteAddress: '::1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const families = [...res.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(families).toEqual(
      expect.arrayContaining([
        'http_requests_total counter',
        'http_request_duration_seconds histogram',
        'chapters_cache_hits_total counter',
        'chapters_cache_builds_total counter',
        'chapters_email_deliveries_waiting gauge',
        'chapters_email_oldest_waiting_seconds gauge',
        'chapters_email_recent_unsent gauge',
        'chapters_site_mail gauge',
        'chapters_email_copies_total counter',
        'chapters_database_embedded gauge',
        'chapters_db_pool_total gauge',
        'chapters_db_pool_idle gauge',
        'chapters_db_pool_waiting gauge',
        'nodejs_eventloop_lag_p99_seconds gauge',
        'process_resident_memory_bytes gauge',
        'nodejs_heap_size_used_bytes gauge',
        'process_cpu_user_seconds_total counter',
      ]),
    );
    expect(sample(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(1e6);
    const embedded = !process.env.TEST_DATABASE_URL;
    expect(sample(res.body, 'chapters_database_embedded')).toBe(embedded ? 1 : 0);
    if (!embedded) expect(sample(res.body, 'chapters_db_pool_total')).toBeGreaterThan(0);
  });

  it('is a 404 to any other address', async () => {
    for (const remoteAddress of ['203.0.113.7', '10.0.0.1', '2001:db8::1']) {
      const res = await t.app.inject({ url: '/metrics', remoteAddress });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/http_requests_total/);
    }
  });

  it('counts a request under its route pattern, never its URL', async () => {
    const series =
      'http_requests_total{method="GET",route="/api/chapters/state/:stateLower",status="200"}';
    const before = sample(await scrape(), series);
    await t.app.inject({ url: '/api/chapters/state/vt' });
    await t.app.inject({ url: '/api/chapters/state/nh' });
    const text = await scrape();
    expect(sample(text, series)).toBe(before + 2);
    expect(text).not.toMatch(/\/api\/chapters\/state\/vt/);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/chapters\/state\/:stateLower",status="200"\} \d+$/m,
    );
  });

  it('counts answers sent from the answer caches and by the front door', async () => {
    const url = '/api/chapters/state/me';
    let text = await scrape();
    const fresh = sample(text, 'chapters_cache_hits_total{kind="fresh"}');
    const door = sample(text, 'chapters_cache_hits_total{kind="front_door"}');
    const builds = sample(text, 'chapters_cache_builds_total');
    // Built once; the second asking inside Fastify is a kept answer.
    await t.app.inject({ url });
    await t.app.inject({ url });
    text = await scrape();
    expect(sample(text, 'chapters_cache_builds_total')).toBe(builds + 1);
    expect(sample(text, 'chapters_cache_hits_total{kind="fresh"}')).toBe(fresh + 1);
    // Over HTTP the front door has the URL by now (remembered above) and sends it itself,
    // and the request still counts under its route.
    const routeSeries = `http_requests_total{method="GET",route="/api/chapters/state/:stateLower",status="200"}`;
    const routeBefore = sample(text, routeSeries);
    const res = await fetch(`${base}${url}`);
    expect(res.status).toBe(200);
    text = await scrape();
    expect(sample(text, 'chapters_cache_hits_total{kind="front_door"}')).toBe(door + 1);
    expect(sample(text, routeSeries)).toBe(routeBefore + 1);
  });

  it("reports the email queue from the database: what waits, the oldest's age, the day's failures", async () => {
    const [list] = await t.db.insert(mailingLists).values({ name: 'Metrics' }).returning();
    const contacts = await t.db
      .insert(mailingListContacts)
      .values(
        [1, 2, 3, 4].map((i) => ({
          listId: list!.id,
          email: `reader${i}@example.org`,
          unsubscribeToken: `metrics-${i}`,
        })),
      )
      .returning();
    const [message] = await t.db
      .insert(mailingMessages)
      .values({
        listId: list!.id,
        subject: 'Queued',
        body: '<p>x</p>',
        createdAt: new Date(Date.now() - 600_000),
      })
      .returning();
    const statuses = ['pending', 'pending', 'sending', 'failed'] as const;
    await t.db
      .insert(mailingDeliveries)
      .values(
        contacts.map((c, i) => ({ messageId: message!.id, contactId: c.id, status: statuses[i]! })),
      );
    const text = await scrape();
    expect(sample(text, 'chapters_email_deliveries_waiting{status="pending"}')).toBe(2);
    expect(sample(text, 'chapters_email_deliveries_waiting{status="sending"}')).toBe(1);
    expect(sample(text, 'chapters_email_recent_unsent{status="failed"}')).toBe(1);
    expect(sample(text, 'chapters_site_mail{status="waiting"}')).toBe(0);
    const oldest = sample(text, 'chapters_email_oldest_waiting_seconds');
    expect(oldest).toBeGreaterThanOrEqual(599);
    expect(oldest).toBeLessThan(900);
  });
});

describe('GET /metrics behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', METRICS_ALLOW: '10.0.0.0/8' } });
  });
  afterAll(() => t.close());

  it('judges the client the proxy names, as the rate limits do, not the proxy', async () => {
    const from = (client: string) =>
      t.app.inject({
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
    expect((await from('203.0.113.50')).statusCode).toBe(404);
    expect((await from('10.4.5.6')).statusCode).toBe(200);
    // Straight from loopback, which METRICS_ALLOW does not list here.
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(
      404,
    );
  });
});
