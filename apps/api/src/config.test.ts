import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const SECRET = 'x'.repeat(40);

describe('APP_SECRET', () => {
  it('is required in production, with one clear line', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: '  ' })).toThrow(
      /^Invalid configuration: APP_SECRET: APP_SECRET must be set when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET }).APP_SECRET).toBe(SECRET);
  });

  it('may be left out in development and tests', () => {
    expect(loadConfig({}).APP_SECRET).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).APP_SECRET).toBeUndefined();
  });

  it('has no default in the compose file: compose refuses to start without it', () => {
    const compose = readFileSync(fileURLToPath(new URL('../../../docker/compose.yaml', import.meta.url)), 'utf8');
    const line = compose.split('\n').find((l) => /^\s*APP_SECRET:/.test(l));
    expect(line).toMatch(/APP_SECRET: \$\{APP_SECRET:\?[^}]+\}/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts nobody when unset or false', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count, or names, addresses and CIDR ranges of the proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'loopback,10.0.0.0/8, 192.168.1.7, fd00::/8' }).TRUST_PROXY).toBe(
      'loopback, 10.0.0.0/8, 192.168.1.7, fd00::/8',
    );
  });

  it('refuses "true" (anyone could pick their IP) and anything express would not understand', () => {
    for (const value of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1', 'loopback,,', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/^Invalid configuration: TRUST_PROXY: TRUST_PROXY must be/);
    }
  });
});

describe('PUBLIC_URL', () => {
  it('is an http(s) address (it decides whether HSTS is sent)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.test' }).PUBLIC_URL).toBe('https://portal.example.test');
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL must start with http:\/\/ or https:\/\//);
  });
});

describe('upload limits', () => {
  it('default to a 500 MB quota and 30 uploads a minute per user', () => {
    const config = loadConfig({});
    expect(config.UPLOAD_QUOTA_MB).toBe(500);
    expect(config.UPLOAD_RATE_PER_MINUTE).toBe(30);
    expect(loadConfig({ UPLOAD_QUOTA_MB: '20', UPLOAD_RATE_PER_MINUTE: '5' })).toMatchObject({ UPLOAD_QUOTA_MB: 20, UPLOAD_RATE_PER_MINUTE: 5 });
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: '0' })).toThrow(/UPLOAD_QUOTA_MB/);
  });
});

describe('S3 storage', () => {
  it('is off unless S3_BUCKET is set; with an endpoint, path-style addressing is the default', () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'uploads' })).toMatchObject({ S3_BUCKET: 'uploads', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    expect(
      loadConfig({
        S3_BUCKET: 'agency-files',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toMatchObject({ S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: true });
    expect(loadConfig({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('refuses half a configuration with one clear line', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /^Invalid configuration: S3_BUCKET: S3_BUCKET must be set when S3_ENDPOINT is/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'uploads', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE must be true or false/);
  });
});

describe('the compose file', () => {
  const compose = readFileSync(fileURLToPath(new URL('../../../docker/compose.yaml', import.meta.url)), 'utf8');

  it('runs two app replicas on one shared data volume', () => {
    expect(compose).toMatch(/^\s+deploy: \{ replicas: 2 \}$/m);
    expect(compose).toMatch(/^\s+volumes: \[appdata:\/data\]$/m);
    expect(compose).toMatch(/^volumes:\n(?:\s+\w+:\n)*\s+appdata:/m);
  });

  it('passes every S3_* setting through to the replicas (unset: the shared volume)', () => {
    for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE']) {
      expect(compose).toContain(`${name}: \${${name}:-}`);
    }
  });
});

describe('session lifetime', () => {
  it('slides 14 days with use, up to 30 days after the sign-in, unless set', () => {
    expect(loadConfig({})).toMatchObject({ SESSION_IDLE_DAYS: 14, SESSION_MAX_DAYS: 30 });
    expect(loadConfig({ SESSION_IDLE_DAYS: '1', SESSION_MAX_DAYS: '7' })).toMatchObject({ SESSION_IDLE_DAYS: 1, SESSION_MAX_DAYS: 7 });
    // A hard limit under 14 days brings the idle lifetime down with it.
    expect(loadConfig({ SESSION_MAX_DAYS: '5' })).toMatchObject({ SESSION_IDLE_DAYS: 5, SESSION_MAX_DAYS: 5 });
  });

  it('keeps the lifetime an older TOKEN_TTL_DAYS set (fixed, as it was), unless the new settings say otherwise', () => {
    expect(loadConfig({ TOKEN_TTL_DAYS: '7' })).toMatchObject({ SESSION_IDLE_DAYS: 7, SESSION_MAX_DAYS: 7 });
    expect(loadConfig({ TOKEN_TTL_DAYS: '60', SESSION_IDLE_DAYS: '14' })).toMatchObject({ SESSION_IDLE_DAYS: 14, SESSION_MAX_DAYS: 60 });
  });

  it('refuses an idle lifetime longer than the hard limit, with one clear line', () => {
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '40' })).toThrow(
      /^Invalid configuration: SESSION_IDLE_DAYS: SESSION_IDLE_DAYS \(40\) must not exceed SESSION_MAX_DAYS \(30\)/,
    );
    expect(() => loadConfig({ SESSION_MAX_DAYS: '0' })).toThrow(/^Invalid configuration: SESSION_MAX_DAYS:/);
  });
});
