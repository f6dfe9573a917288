import { describe, expect, it } from 'vitest';
import {
  EnvError,
  estimatedBits,
  MIN_SECRET_BITS,
  parseEnv,
  redact,
  shouldImportSamples,
} from '#server/env.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app@db.internal:5432/flowvault',
  BASE_URL: 'https://flowvault.example',
  AUTH_SECRET: 'nN3q8Zr1pXw7Lk2Vb9Hs4Tc6Yd0Jf5Gm+Qa/Ue8Ri3Oy',
  SMTP_URL: 'smtp://mail.internal:587',
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_MODE: 'live',
  PAYPAL_WEBHOOK_ID: 'wh',
  N8N_KEY_SECRET: 'Vk7Wd2Qp9Ls4Xz1Nb8Rt3Hm6Cj0Fy5Ga+Ee/Ui2Oo7Pw',
};

function errorOf(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error('expected parseEnv to fail');
}

describe('parseEnv', () => {
  it('production refuses guessable or shared secrets and a plain-http BASE_URL, each named (issue 41)', () => {
    expect(() => parseEnv(PRODUCTION)).not.toThrow();
    expect(errorOf({ ...PRODUCTION, AUTH_SECRET: 'a'.repeat(48) })).toBe(
      'Invalid configuration: AUTH_SECRET is too predictable (generate one with: openssl rand -base64 48)',
    );
    expect(errorOf({ ...PRODUCTION, N8N_KEY_SECRET: 'ab'.repeat(24) })).toContain(
      'N8N_KEY_SECRET is too predictable',
    );
    expect(errorOf({ ...PRODUCTION, N8N_KEY_SECRET: PRODUCTION.AUTH_SECRET })).toBe(
      'Invalid configuration: N8N_KEY_SECRET must differ from AUTH_SECRET (one leaked secret must not open both)',
    );
    const http = { ...PRODUCTION, BASE_URL: 'http://flowvault.internal' };
    expect(errorOf(http)).toMatch(/^Invalid configuration: BASE_URL must be an https:\/\/ address/);
    expect(parseEnv({ ...http, ALLOW_HTTP_BASE_URL: 'true' }).baseUrl).toBe('http://flowvault.internal');
    // All of them at once, in one line.
    expect(
      errorOf({ ...http, AUTH_SECRET: 'x'.repeat(40), N8N_KEY_SECRET: 'x'.repeat(40) }).split('; '),
    ).toHaveLength(4);
    // Random secrets as the README says to make them pass, hex or base64.
    expect(estimatedBits('0123456789abcdef'.repeat(4))).toBeGreaterThan(MIN_SECRET_BITS);
  });

  it('gives working defaults for a fresh clone', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.NODE_ENV).toBe('development');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.baseUrl).toBe('http://localhost:3000');
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it.each([
    ['abc', 'PORT must be a whole number from 1 to 65535 (got "abc")'],
    ['70000', 'PORT must be a whole number from 1 to 65535 (got "70000")'],
    ['3.5', 'PORT must be a whole number from 1 to 65535 (got "3.5")'],
  ])('names PORT on one line when it is %s', (value, message) => {
    const text = errorOf({ PORT: value });
    expect(text).toContain(message);
    expect(text).not.toContain('\n');
  });

  it.each(['mysql://x@y/z', 'not a url', 'postgres://'])('names DATABASE_URL when it is %s', (value) => {
    const text = errorOf({ DATABASE_URL: value });
    expect(text).toMatch(/^Invalid configuration: DATABASE_URL must be a postgres:\/\//);
    expect(text).not.toContain('\n');
  });

  it('lists every bad variable at once', () => {
    const text = errorOf({ PORT: '0', DATABASE_URL: 'nope', LOG_LEVEL: 'loud' });
    expect(text).toContain('PORT');
    expect(text).toContain('DATABASE_URL');
    expect(text).toContain('LOG_LEVEL');
  });

  it('never echoes a secret value', () => {
    const text = errorOf({ AUTH_SECRET: 'short-secret' });
    expect(text).toContain('AUTH_SECRET must be at least 32 characters');
    expect(text).not.toContain('short-secret');
  });

  it('reads the n8n operator settings', () => {
    const env = parseEnv({
      N8N_ALLOW_PRIVATE_TARGETS: 'true',
      N8N_ALLOW_HTTP: '1',
      N8N_ALLOWED_PORTS: '8443, 5679',
    });
    expect(env.N8N_ALLOW_PRIVATE_TARGETS).toBe(true);
    expect(env.N8N_ALLOW_HTTP).toBe(true);
    expect(env.N8N_ALLOWED_PORTS).toEqual([8443, 5679]);
    expect(parseEnv({}).N8N_ALLOW_PRIVATE_TARGETS).toBeUndefined();
    expect(errorOf({ N8N_ALLOWED_PORTS: '99999' })).toBe(
      'Invalid configuration: N8N_ALLOWED_PORTS ports must be from 1 to 65535 (got "99999")',
    );
    expect(errorOf({ N8N_KEY_SECRET: 'short' })).toBe(
      'Invalid configuration: N8N_KEY_SECRET must be at least 32 characters',
    );
  });

  it('accepts a complete production configuration', () => {
    const env = parseEnv(PRODUCTION);
    expect(env.baseUrl).toBe('https://flowvault.example');
  });

  it.each(Object.keys(PRODUCTION).filter((k) => k !== 'NODE_ENV'))(
    'refuses production without %s and names it',
    (name) => {
      const text = errorOf({ ...PRODUCTION, [name]: '' });
      expect(text).toBe(`Invalid configuration: NODE_ENV=production needs ${name}`);
    },
  );

  it('refuses the test-payment sandbox in production', () => {
    expect(errorOf({ ...PRODUCTION, PAYPAL_MODE: 'local' })).toContain('PAYPAL_MODE=local');
  });

  it('refuses loosened sign-in limits in production, and takes them elsewhere', () => {
    expect(errorOf({ ...PRODUCTION, AUTH_RATE_LIMIT_FACTOR: '20' })).toContain('AUTH_RATE_LIMIT_FACTOR');
    expect(parseEnv({ AUTH_RATE_LIMIT_FACTOR: '20' }).AUTH_RATE_LIMIT_FACTOR).toBe(20);
    expect(parseEnv({}).AUTH_RATE_LIMIT_FACTOR).toBe(1);
    expect(errorOf({ AUTH_RATE_LIMIT_FACTOR: '0' })).toContain('AUTH_RATE_LIMIT_FACTOR');
  });

  it.each([
    ['DATABASE_URL', 'mysql://app:hunter2-db@db.internal/flowvault'],
    ['DATABASE_URL', 'postgres://app:hunter2-db@'],
    ['DATABASE_URL', 'app:hunter2-db@db.internal/flowvault'],
    ['SMTP_URL', 'mailer://relay:hunter2-mail@mail.internal:587'],
    ['SMTP_URL', 'relay:hunter2-mail@mail.internal'],
  ])('never echoes the password of an invalid %s (%s)', (name, value) => {
    const text = errorOf({ [name]: value });
    expect(text).toContain(name);
    expect(text).not.toMatch(/hunter2/);
    expect(text).toContain('***@');
  });

  it('redacts only the password of a URL', () => {
    expect(redact('postgres://app:s3cret@db:5432/x')).toBe('postgres://app:***@db:5432/x');
    expect(redact('smtps://u:p%40ss@mail.example:465')).toBe('smtps://u:***@mail.example:465');
    expect(redact('postgres://db.internal/x')).toBe('postgres://db.internal/x');
    expect(redact('not a url')).toBe('not a url');
  });

  it('takes the metrics token and address list, and refuses bad ones', () => {
    const env = parseEnv({ METRICS_TOKEN: 't'.repeat(24), METRICS_ALLOW: '127.0.0.1, 10.0.0.0/8,::1' });
    expect(env.METRICS_ALLOW).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(errorOf({ METRICS_TOKEN: 'short' })).toBe(
      'Invalid configuration: METRICS_TOKEN must be at least 16 characters',
    );
    expect(errorOf({ METRICS_ALLOW: '10.0.0.0/99' })).toContain(
      'METRICS_ALLOW must be a comma-separated list of IP addresses or CIDR ranges',
    );
  });

  it('imports the samples by default, not in production unless IMPORT_SAMPLES asks', () => {
    expect(shouldImportSamples(parseEnv({}))).toBe(true);
    expect(shouldImportSamples(parseEnv({ IMPORT_SAMPLES: '0' }))).toBe(false);
    expect(shouldImportSamples(parseEnv(PRODUCTION))).toBe(false);
    expect(shouldImportSamples(parseEnv({ ...PRODUCTION, IMPORT_SAMPLES: '1' }))).toBe(true);
  });
});
