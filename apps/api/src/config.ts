import { isIP } from 'node:net';
import { z } from 'zod';
import { API_KEY_RATE_PER_MINUTE } from '@agency/contract';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a TRUST_PROXY list: a name express knows, an IP address, or an IP/CIDR range. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const TRUST_PROXY_HELP =
  'TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of loopback, linklocal, uniquelocal, IP addresses and CIDR ranges of your proxies';

/**
 * express's `trust proxy`: whose X-Forwarded-For to believe. Unset trusts nobody (the client IP is the peer's
 * address); "true" is refused, since it would let any client choose its IP and so its rate-limit key.
 */
const trustProxy = optionalString.transform((value, ctx): false | number | string => {
  if (value === undefined || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  if (!entries.every(isProxyEntry)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: TRUST_PROXY_HELP });
    return z.NEVER;
  }
  return entries.join(', ');
});

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalString.pipe(z.string().url('DATABASE_URL must be a postgres:// URL').optional()),
  DATA_DIR: z.string().default('./.data'),
  /** Seed and show the demo agency. Default: on, except with NODE_ENV=production, where only DEMO_DATA=on turns it on. */
  DEMO_DATA: z.enum(['on', 'off']).optional(),
  PUBLIC_URL: optionalString.pipe(
    z
      .string()
      .url('PUBLIC_URL must be an absolute URL')
      .refine((v) => /^https?:\/\//i.test(v), 'PUBLIC_URL must start with http:// or https://')
      .optional(),
  ),
  /** Signs OAuth state and encrypts provider tokens. Required in production; elsewhere a random one is used when unset. */
  APP_SECRET: optionalString.pipe(z.string().min(32, 'APP_SECRET must be at least 32 characters').optional()),
  ADMIN_SIGNUP_CODE: optionalString,
  STRIPE_SECRET_KEY: optionalString.pipe(z.string().startsWith('sk_', 'STRIPE_SECRET_KEY must start with sk_').optional()),
  STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
    z.string().startsWith('pk_', 'STRIPE_PUBLISHABLE_KEY must start with pk_').optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional(),
  ),
  SMTP_URL: optionalString.pipe(z.string().url('SMTP_URL must be a smtp:// or smtps:// URL').optional()),
  /** The sender's address (a display name here is ignored: e-mails go out under the agency's name from Settings). */
  MAIL_FROM: z.string().default('no-reply@localhost'),
  /**
   * Serve networks without credentials from the built-in sandbox (a consent page of ours, made-up numbers).
   * Default: on, except with NODE_ENV=production, where those networks show 'Coming Soon' unless this is on.
   */
  SOCIAL_SANDBOX: z.enum(['on', 'off']).optional(),
  INSTAGRAM_CLIENT_ID: optionalString,
  INSTAGRAM_CLIENT_SECRET: optionalString,
  YOUTUBE_CLIENT_ID: optionalString,
  YOUTUBE_CLIENT_SECRET: optionalString,
  TIKTOK_CLIENT_KEY: optionalString,
  TIKTOK_CLIENT_SECRET: optionalString,
  /** A sign-in session ends after this many days without use (its lifetime slides with each use). Default 14, at most SESSION_MAX_DAYS. */
  SESSION_IDLE_DAYS: optionalString.pipe(z.coerce.number().int().min(1).max(365).optional()),
  /** The hard limit: a session ends this many days after its sign-in, however much it is used. Default 30. */
  SESSION_MAX_DAYS: optionalString.pipe(z.coerce.number().int().min(1).max(365).optional()),
  /** Deprecated: the fixed lifetime of a sign-in before sessions slid; when set, the default of both settings above. */
  TOKEN_TTL_DAYS: optionalString.pipe(z.coerce.number().int().min(1).max(365).optional()),
  /** bcrypt cost; tests lower it to stay fast. */
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serve the built SPA from this folder (empty: API only). */
  WEB_DIST: z.string().optional(),
  /** Which proxies' X-Forwarded-For is believed (client IP for rate limits and logs); unset: none. */
  TRUST_PROXY: trustProxy,
  /** What one user may keep in uploaded files, in MB. */
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).default(500),
  /** Uploads one user may start per minute. */
  UPLOAD_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * Hosts ("host" or "host:port") outbound webhooks may reach although private, also over plain http: for tests
   * and local development only. Every other private, loopback or link-local address is refused.
   */
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((h) => h.trim()).filter(Boolean) : [])),
  /** How long a webhook delivery waits for the endpoint's answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Requests one API key may make per minute. */
  API_KEY_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(API_KEY_RATE_PER_MINUTE),
  /** Keep uploads in this S3-compatible bucket instead of DATA_DIR/uploads (what several instances share). */
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)')
      .optional(),
  ),
  /** The S3-compatible service's address (MinIO, Cloudflare R2, …); unset = AWS S3. */
  S3_ENDPOINT: optionalString.pipe(
    z
      .string()
      .url('S3_ENDPOINT must be an absolute URL')
      .refine((v) => /^https?:\/\//i.test(v), 'S3_ENDPOINT must start with http:// or https://')
      .optional(),
  ),
  S3_REGION: optionalString.pipe(z.string().regex(/^[a-z0-9-]+$/, 'S3_REGION must be a region name such as us-east-1').optional()),
  /** Unset (both): the SDK's default credentials (AWS_* variables, an instance or task role). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Address the bucket as ENDPOINT/bucket/key. Default: true with S3_ENDPOINT, false for AWS. */
  S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(['true', 'false'], { message: 'S3_FORCE_PATH_STYLE must be true or false' }).optional()),
  /**
   * How long a create under an Idempotency-Key holds its key: a retry meanwhile gets 409 'in progress'; after it,
   * a key whose request died before changing anything (a crashed process) can be taken over by the retry.
   */
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
}).superRefine((config, ctx) => {
  const sessions = sessionLifetime(config);
  if (config.SESSION_IDLE_DAYS !== undefined && config.SESSION_IDLE_DAYS > sessions.SESSION_MAX_DAYS) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['SESSION_IDLE_DAYS'],
      message: `SESSION_IDLE_DAYS (${config.SESSION_IDLE_DAYS}) must not exceed SESSION_MAX_DAYS (${sessions.SESSION_MAX_DAYS}), the hard limit of a session`,
    });
  }
  const s3Settings = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter(
    (key) => config[key] !== undefined,
  );
  if (!config.S3_BUCKET && s3Settings.length > 0) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['S3_BUCKET'],
      message: `S3_BUCKET must be set when ${s3Settings.join(', ')} ${s3Settings.length > 1 ? 'are' : 'is'} (unset all S3_* variables to keep uploads in DATA_DIR/uploads)`,
    });
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: [config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both unset to use the default AWS credentials)',
    });
  }
  // A random secret per start would break OAuth state and encrypted provider tokens across restarts and replicas.
  if (config.NODE_ENV === 'production' && !config.APP_SECRET) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['APP_SECRET'],
      message: 'APP_SECRET must be set when NODE_ENV=production (32 or more random characters, e.g. from `openssl rand -hex 32`)',
    });
  }
});

/** A session's idle lifetime and hard limit: as set, else TOKEN_TTL_DAYS (the old fixed lifetime) for both, else 14 and 30. */
function sessionLifetime(config: { SESSION_IDLE_DAYS?: number | undefined; SESSION_MAX_DAYS?: number | undefined; TOKEN_TTL_DAYS?: number | undefined }) {
  const max = config.SESSION_MAX_DAYS ?? config.TOKEN_TTL_DAYS ?? 30;
  return { SESSION_MAX_DAYS: max, SESSION_IDLE_DAYS: config.SESSION_IDLE_DAYS ?? Math.min(config.TOKEN_TTL_DAYS ?? 14, max) };
}

/** The configuration with every default decided. */
const ResolvedConfigSchema = ConfigSchema.transform((config) => ({
  ...config,
  ...sessionLifetime(config),
  DEMO_DATA: config.DEMO_DATA ?? (config.NODE_ENV === 'production' ? 'off' : 'on'),
  SOCIAL_SANDBOX: config.SOCIAL_SANDBOX ?? (config.NODE_ENV === 'production' ? 'off' : 'on'),
  S3_REGION: config.S3_REGION ?? 'us-east-1',
  S3_FORCE_PATH_STYLE: config.S3_FORCE_PATH_STYLE ? config.S3_FORCE_PATH_STYLE === 'true' : config.S3_ENDPOINT !== undefined,
}));

export type AppConfig = z.infer<typeof ResolvedConfigSchema>;

/** Parses configuration from the environment; a malformed value stops start-up with one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ResolvedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

export class ConfigError extends Error {}
