import { type Logger, pino } from 'pino';
import type { Env } from '#server/env.ts';

export type { Logger };

// JSON lines in production (for log shippers), readable lines in development.
export function createLogger(env: Pick<Env, 'NODE_ENV' | 'LOG_LEVEL'>): Logger {
  const level = env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info');
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.apiKey',
        '*.api_key',
        '*.secret',
        '*.token',
      ],
      censor: '[redacted]',
    },
    ...(env.NODE_ENV === 'development'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'HH:MM:ss', singleLine: true },
          },
        }
      : {}),
  });
}
