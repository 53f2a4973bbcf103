// Every setting of the server, read from the environment once at start-up. A bad value stops
// start-up with a message naming the variable; every setting has a default that works on a
// fresh machine. The README's Configuration table lists the same variables.
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const url = z.url({ protocol: /^https?$/ });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: int(0, 65535).default(3000),
  PUBLIC_URL: url.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),

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
    database: {
      url: env.DATABASE_URL,
      poolMax: env.DATABASE_POOL_MAX,
      embeddedDir: `${env.DATA_DIR}/pglite`,
    },
    dataDir: env.DATA_DIR,
    uploadsDir: `${env.DATA_DIR}/uploads`,
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
  return config;
}

/**
 * Whether our own answers are checked against their schemas in this environment (`config.env`):
 * routes' answers here, and the answers kept ready (answerCache.ts, the home map, /active).
 */
export function checksOwnAnswers(env: string): boolean {
  return env !== 'production';
}
