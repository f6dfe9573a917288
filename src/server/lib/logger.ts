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

/**
 * `parent.child(bindings)`, made on first use: most requests log nothing beyond their request line,
 * and a child per request (its bindings serialised through the redaction paths) was ~3.6 KB of
 * garbage on every request, a twelfth of what a cached search allocates (decision 0011).
 */
export function lazyChild(parent: Logger, bindings: Record<string, unknown>): Logger {
  let child: Logger | undefined;
  return new Proxy(parent, {
    get(_, key) {
      child ??= parent.child(bindings);
      const value = Reflect.get(child, key, child) as unknown;
      return typeof value === 'function' ? value.bind(child) : value;
    },
  });
}
