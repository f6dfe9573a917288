import { type Logger, pino } from 'pino';
import type { Env } from '#server/env.ts';

export type { Logger };

// JSON lines for log shippers (production, and development when the output is a file or a pipe);
// readable lines only for a person at a terminal: pino-pretty runs in a worker thread that costs every
// request a hand-off and a second core's time, which `npm start` under a supervisor would pay for nothing.
export function createLogger(
  env: Pick<Env, 'NODE_ENV' | 'LOG_LEVEL'>,
  output: { isTTY?: boolean } = process.stdout,
): Logger {
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
    ...(env.NODE_ENV === 'development' && output.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'HH:MM:ss', singleLine: true },
          },
        }
      : {}),
  });
}

/**
 * The logger for the one line each request writes: the same output without the redaction paths, which
 * walk every logged object (the line holds method, path, status and time, never a secret).
 */
export function requestLineLogger(log: Logger): Logger {
  return log.child({}, { redact: [] });
}
