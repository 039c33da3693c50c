import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalString.pipe(z.string().url('DATABASE_URL must be a postgres:// URL').optional()),
  DATA_DIR: z.string().default('./.data'),
  /** Seed and show the demo agency. Default: on, except with NODE_ENV=production, where only DEMO_DATA=on turns it on. */
  DEMO_DATA: z.enum(['on', 'off']).optional(),
  PUBLIC_URL: optionalString.pipe(z.string().url('PUBLIC_URL must be an absolute URL').optional()),
  /** Signs OAuth state and encrypts provider tokens. A random one is used (and a warning logged) when unset. */
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
  MAIL_FROM: z.string().default('Northstar Social <no-reply@localhost>'),
  INSTAGRAM_CLIENT_ID: optionalString,
  INSTAGRAM_CLIENT_SECRET: optionalString,
  YOUTUBE_CLIENT_ID: optionalString,
  YOUTUBE_CLIENT_SECRET: optionalString,
  TIKTOK_CLIENT_KEY: optionalString,
  TIKTOK_CLIENT_SECRET: optionalString,
  /** Lifetime of an API token. */
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** bcrypt cost; tests lower it to stay fast. */
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serve the built SPA from this folder (empty: API only). */
  WEB_DIST: z.string().optional(),
});

/** The configuration with every default decided. */
const ResolvedConfigSchema = ConfigSchema.transform((config) => ({
  ...config,
  DEMO_DATA: config.DEMO_DATA ?? (config.NODE_ENV === 'production' ? 'off' : 'on'),
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

export function paymentProviderName(config: AppConfig): 'stripe' | 'sandbox' {
  return config.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox';
}
