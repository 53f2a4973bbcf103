// GET /metrics: the app server's figures for Prometheus. Requests by route pattern (never the raw
// URL, which would make a series of every chapter's slug) and status, with their durations; the
// answers sent from the caches; the email queue and the database pool, read at each scrape; the
// process (processMetrics.ts). Open only to the addresses in METRICS_ALLOW, judged on the client
// address after TRUST_PROXY (request.ip), as the rate limits judge it: behind nginx every request
// comes from loopback, so nginx itself must not pass /metrics on (deploy/nginx). Others get a 404,
// the answer to a path that does not exist: the endpoint is not advertised to the world.
import type { FastifyInstance } from 'fastify';
import type { AddressList } from '../addresses';
import { errorBody } from './errors';
import { Counter, Histogram, Registry } from 'prom-client';
import { EXPOSITION_TYPE, exposition, readAtScrape } from './metricsExposition';
import { processMetrics } from './processMetrics';

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The registry and the request families, made before the app so the front door can report. */
export function createMetrics() {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const smtpAnswers = new Counter({
    name: 'chapters_email_copies_total',
    help:
      "Chapter email copies this server's send worker offered the SMTP server, by its answer: " +
      'sent (taken) or refused (a retry or a bounce follows; the ledger has the outcome).',
    labelNames: ['answer'] as const,
    registers: [registry],
  });
  return {
    registry,
    /** One chapter email copy the SMTP server took or refused (mail/sendWorker.ts). */
    countSmtpAnswer(answer: 'sent' | 'refused') {
      smtpAnswers.inc({ answer });
    },
    /** One answered request; `route` is its pattern (`/api/chapters/:slug`), or 'unmatched'. */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      const one = { method: METHODS.has(method) ? method : 'other', route, status: String(status) };
      requests.inc(one);
      durations.observe(one, seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** What the figures are read from, handed over by app.ts. */
export interface MetricsSources {
  allow: AddressList;
  /** Answers the front door sent itself. */
  frontDoorServed(): number;
  /** The answer caches' lookups (caching/answerCache.ts CacheTally). */
  answerCaches(): { fresh: number; stale: number; built: number };
  /** The chapter-email queue (mail/emailQueue.ts); oldestWaitingSeconds null: none waits. */
  emailQueue(): Promise<{
    pending: number;
    sending: number;
    oldestWaitingSeconds: number | null;
    recent: { failed: number; skipped: number };
    siteMail: { waiting: number; failed: number };
  }>;
  /** PostgreSQL's pool, or null on the embedded database. */
  pool(): { max: number; total: number; idle: number; waiting: number } | null;
}

export function registerMetrics(app: FastifyInstance, metrics: Metrics, sources: MetricsSources) {
  const { registry } = metrics;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  readAtScrape('counter', {
    registry,
    name: 'chapters_cache_hits_total',
    help:
      'Answers sent from a cache, by kind: front_door (sent before Fastify), fresh (a kept ' +
      'answer within its TTL), stale (a kept answer sent once more while the next is built).',
    labelNames: ['kind'],
    read: () => {
      const caches = sources.answerCaches();
      return [
        { labels: { kind: 'front_door' }, value: sources.frontDoorServed() },
        { labels: { kind: 'fresh' }, value: caches.fresh },
        { labels: { kind: 'stale' }, value: caches.stale },
      ];
    },
  });
  readAtScrape('counter', {
    registry,
    name: 'chapters_cache_builds_total',
    help: 'Answers the caches had to build (a miss).',
    read: () => [{ value: sources.answerCaches().built }],
  });
  registerEmailMetrics(registry, sources.emailQueue);
  registerPoolMetrics(registry, sources.pool);

  app.get(
    '/metrics',
    { config: { access: 'public' }, schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      if (!sources.allow.has(request.ip)) {
        return reply.code(404).send(errorBody(404, 'Not found'));
      }
      const text = await exposition([registry, processMetrics()], (name, err) =>
        request.log.error({ err }, `metrics: could not read ${name}`),
      );
      return reply.type(EXPOSITION_TYPE).header('cache-control', 'no-store').send(text);
    },
  );
}

function registerEmailMetrics(registry: Registry, read: MetricsSources['emailQueue']) {
  // One query per scrape, shared by the families it feeds: a scrape asks every family for its
  // samples at once (metricsExposition.ts), so they all find the same query under way.
  let reading: ReturnType<typeof read> | null = null;
  const queue = () => {
    reading ??= read().finally(() => (reading = null));
    return reading;
  };
  readAtScrape('gauge', {
    registry,
    name: 'chapters_email_deliveries_waiting',
    help:
      'Chapter email deliveries not yet sent, by status: pending (queued, or waiting for a ' +
      'retry) and sending (claimed by a worker).',
    labelNames: ['status'],
    read: async () => {
      const q = await queue();
      return [
        { labels: { status: 'pending' }, value: q.pending },
        { labels: { status: 'sending' }, value: q.sending },
      ];
    },
  });
  readAtScrape('gauge', {
    registry,
    name: 'chapters_email_oldest_waiting_seconds',
    help: 'Age of the message of the oldest delivery not yet sent; 0 when none waits.',
    read: async () => [{ value: (await queue()).oldestWaitingSeconds ?? 0 }],
  });
  readAtScrape('gauge', {
    registry,
    name: 'chapters_email_recent_unsent',
    help:
      'Deliveries of the messages queued in the last 24 hours that were not sent: failed ' +
      '(given up after retries) or skipped (the contact had left the list).',
    labelNames: ['status'],
    read: async () => {
      const { recent } = await queue();
      return (['failed', 'skipped'] as const).map((status) => ({
        labels: { status },
        value: recent[status],
      }));
    },
  });
  readAtScrape('gauge', {
    registry,
    name: 'chapters_site_mail',
    help:
      "The site's own mail (receipts, sign-in and RSVP links: the mail queue): waiting for the " +
      'SMTP server (a try, or a retry after a refusal), and failed (given up, or refused for ' +
      'good) of the mail written in the last 24 hours.',
    labelNames: ['status'],
    read: async () => {
      const { siteMail } = await queue();
      return [
        { labels: { status: 'waiting' }, value: siteMail.waiting },
        { labels: { status: 'failed' }, value: siteMail.failed },
      ];
    },
  });
}

function registerPoolMetrics(registry: Registry, pool: MetricsSources['pool']) {
  const figures = [
    ['max', 'The most connections the pool opens (DATABASE_POOL_MAX).'],
    ['total', 'Connections the pool holds open.'],
    ['idle', 'Open connections not in use.'],
    ['waiting', 'Queries waiting for a connection: the pool is too small or the database slow.'],
  ] as const;
  readAtScrape('gauge', {
    registry,
    name: 'chapters_database_embedded',
    help: '1 on the embedded database (PGlite, one connection in this process), 0 on PostgreSQL.',
    read: () => [{ value: pool() === null ? 1 : 0 }],
  });
  // On PGlite the pool's families have no sample: there is no pool, and a 0 would read as one
  // with no connection.
  for (const [name, help] of figures) {
    readAtScrape('gauge', {
      registry,
      name: `chapters_db_pool_${name}`,
      help: `PostgreSQL: ${help}`,
      read: () => {
        const use = pool();
        return use ? [{ value: use[name] }] : [];
      },
    });
  }
}
