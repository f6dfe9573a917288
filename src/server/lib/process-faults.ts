import type { Logger } from './logger.ts';

/**
 * A promise nobody awaited failed: log it with its stack and count it (flowvault_unhandled_rejections_total)
 * instead of Node's default of ending the process, which would cut every request in flight for one
 * stray background promise. Alert on the counter.
 */
export function reportUnhandledRejections(
  deps: { log: Logger; counter: { inc(): void } },
  target: Pick<NodeJS.Process, 'on'> = process,
): void {
  target.on('unhandledRejection', (reason: unknown) => {
    deps.counter.inc();
    deps.log.error({ err: reason }, 'unhandled promise rejection');
  });
}
