// Every setting of the server, read from the environment once at start-up. A bad value stops
// start-up with a message naming the variable; every setting has a default that works on a
// fresh machine. The README's Configuration table lists the same variables.
import { z } from 'zod';
import { parseAddressList, parseProxyTrust } from './addresses';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const url = z.url({ protocol: /^https?$/ });
/** A text read by `parse`, whose Error's message becomes the variable's. */
const parsed = <T>(parse: (text: string) => T) =>
  z.string().transform((text, ctx): T => {
    try {
      return parse(text);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: int(0, 65535).default(3000),
  PUBLIC_URL: url.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** false, a hop count, a list of the proxies' addresses and ranges, or true (any sender). */
  TRUST_PROXY: parsed(parseProxyTrust).default({ kind: 'none' }),
  /** Who may read /metrics: addresses and ranges, after TRUST_PROXY has found the client. */
  METRICS_ALLOW: parsed(parseAddressList).default(parseAddressList('127.0.0.1/8, ::1')),
  SHUTDOWN_DRAIN_SECONDS: int(0, 3600).default(5),
  /** Longest an uploaded image may take to decode and re-encode (uploads/images.ts). */
  IMAGE_DECODE_SECONDS: int(1, 3600).default(10),

  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_MAX: int(1, 500).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The built web app the server sends (benchmarks point it at a build of their own). */
  WEB_DIR: z.string().min(1).default('dist/web'),
  DEMO_DATA: z.enum(['auto', 'off']).default('auto'),
  HOME_MAP_CACHE_SECONDS: int(0, 3600).default(30),
  PUBLIC_CACHE_SECONDS: int(0, 3600).default(10),

  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_DAYS: int(1, 365).default(30),
  AUTH_RATE_LIMIT_MAX: int(1, 100000).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: int(1, 86400).default(900),

  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Living Liberally <no-reply@livingliberally.org>'),
  MAIL_TRACKING: bool.default(true),
  MAIL_SEND_POLL_MS: int(0, 3_600_000).default(5000),
  MAIL_SEND_LEASE_SECONDS: int(5, 86_400).default(30),
  MAIL_SEND_CONCURRENCY: int(1, 50).default(4),
  MAIL_SCHEDULE_POLL_MS: int(0, 3_600_000).default(60_000),

  BREVO_API_KEY: z.string().min(1).optional(),
  BREVO_API_URL: url.default('https://api.brevo.com/v3'),
  MAILGUN_API_KEY: z.string().min(1).optional(),
  MAILGUN_API_URL: url.default('https://api.mailgun.net'),
  MAILGUN_SYNC_SECONDS: int(0, 86_400).default(60),

  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .default(
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    ),
});

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {}

function toConfig(env: z.infer<typeof envSchema>) {
  const port = env.PORT;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    metricsAllow: env.METRICS_ALLOW,
    /** How long a stopping server keeps serving, answering /api/ready 503, before it closes. */
    shutdownDrainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
    database: {
      url: env.DATABASE_URL,
      poolMax: env.DATABASE_POOL_MAX,
      embeddedDir: `${env.DATA_DIR}/pglite`,
    },
    dataDir: env.DATA_DIR,
    uploadsDir: `${env.DATA_DIR}/uploads`,
    imageDecodeMs: env.IMAGE_DECODE_SECONDS * 1000,
    demoData: env.DEMO_DATA,
    homeMapCacheMs: env.HOME_MAP_CACHE_SECONDS * 1000,
    /** How long a visitor's chapter or state answer is reused by this server. */
    publicCacheMs: env.PUBLIC_CACHE_SECONDS * 1000,
    session: { secret: env.SESSION_SECRET ?? '', days: env.SESSION_DAYS },
    authRateLimit: {
      max: env.AUTH_RATE_LIMIT_MAX,
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      /** MAIL_FROM's bare address (the sender Brevo campaigns name). */
      fromAddress: (/<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM).trim(),
      /** Open pixel and tracked links in chapter email. */
      tracking: env.MAIL_TRACKING,
      /** How often an idle send worker looks for work; 0: this server runs no send worker. */
      sendPollMs: env.MAIL_SEND_POLL_MS,
      /**
       * How long a claimed delivery belongs to its worker after the worker's last heartbeat (one
       * every third of it) before another may take it over.
       */
      sendLeaseMs: env.MAIL_SEND_LEASE_SECONDS * 1000,
      /** Deliveries each app server's worker has in flight at once. */
      sendConcurrency: env.MAIL_SEND_CONCURRENCY,
      /** How often each server looks for reminders and notices that are due; 0: never. */
      schedulePollMs: env.MAIL_SCHEDULE_POLL_MS,
    },
    /** Brevo serves mailing lists when the email service is sendInBlue and a key is set. */
    brevo: { apiKey: env.BREVO_API_KEY ?? null, apiUrl: env.BREVO_API_URL },
    /** With a key, each alias is kept in step as a Mailgun route; without, Postfix reads them. */
    mailgun: {
      apiKey: env.MAILGUN_API_KEY ?? null,
      apiUrl: env.MAILGUN_API_URL,
      /** How often leftover alias changes are pushed to Mailgun; 0: only when saved. */
      syncMs: env.MAILGUN_SYNC_SECONDS * 1000,
    },
    map: { tileUrl: env.MAP_TILE_URL, tileAttribution: env.MAP_TILE_ATTRIBUTION },
    /** Where the built web app lives; tests that need no web app point it anywhere. */
    webDir: env.WEB_DIR,
  };
}

/** Reads the configuration; empty variables count as unset. Throws ConfigError naming each bad one. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, source[k] === '' ? undefined : source[k]]),
  );
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${String(i.path[0])}=${JSON.stringify(env[String(i.path[0])])}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = toConfig(parsed.data);
  if (config.env === 'production' && !config.database.url) {
    // Allowed (a one-machine install may want it) but worth saying.
    console.warn('NODE_ENV=production without DATABASE_URL: using the embedded database.');
  }
  if (config.trustProxy.kind === 'all') {
    console.warn(
      "TRUST_PROXY=true believes any client's X-Forwarded-For: anyone can claim any address " +
        'and so escape the per-address limits. Behind one proxy, set TRUST_PROXY=1 (or its address).',
    );
  }
  return config;
}

/**
 * Whether our own answers are checked against their schemas in this environment (`config.env`):
 * routes' answers here, and the answers kept ready (answerCache.ts, the home map, /active).
 */
export function checksOwnAnswers(env: string): boolean {
  return env !== 'production';
}
