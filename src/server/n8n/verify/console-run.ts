// The operator's verification from the console: the same runVerification over one of their own
// connections, one run at a time per process, its progress kept here for the console to poll.
import { AppError } from '#server/lib/errors.ts';
import { publishEverywhere } from '#server/realtime/event-bus.ts';
import type { VerificationProgress } from '#shared/schemas/verification.ts';
import { clientForRow, type N8nDeps, resolveConnection } from '../connections.ts';
import { runVerification } from './run-verification.ts';

const IDLE: VerificationProgress = {
  state: 'idle',
  connectionId: null,
  n8nVersion: null,
  done: 0,
  total: 0,
  accepted: 0,
  activated: 0,
  ran: 0,
  startedAt: null,
  finishedAt: null,
  error: null,
  failures: [],
};

export function createConsoleVerifier(deps: N8nDeps) {
  let progress: VerificationProgress = IDLE;
  let controller: AbortController | null = null;

  return {
    progress: (): VerificationProgress => progress,

    /** Starts a run in the background; throws CONFLICT while one is running. */
    async start(userId: string, connectionId: string): Promise<VerificationProgress> {
      if (progress.state === 'running') {
        throw new AppError('CONFLICT', { userMessage: 'A verification is already running.' });
      }
      const connection = await resolveConnection(deps, userId, connectionId);
      const client = clientForRow(deps, connection);
      // Results are stored per n8n version: an instance that does not reveal it cannot be used.
      const version = await client.getVersion();
      if (!version) {
        throw new AppError('VALIDATION_FAILED', {
          userMessage:
            'This instance does not reveal its n8n version, and results are stored per version. Use another connection or npm run verify:n8n.',
        });
      }
      controller = new AbortController();
      const signal = controller.signal;
      progress = {
        ...IDLE,
        state: 'running',
        connectionId,
        n8nVersion: version,
        startedAt: new Date().toISOString(),
      };
      void runVerification(
        {
          db: deps.db,
          verify: { client, fetch: deps.fetch },
          announce: () => publishEverywhere(deps.database, deps.bus, 'catalog.activity', {}),
        },
        {
          n8nVersion: version,
          runBy: 'console',
          signal,
          onProgress: (s) => {
            progress = { ...progress, ...pick(s) };
          },
        },
      ).then(
        (s) => {
          progress = {
            ...progress,
            ...pick(s),
            state: signal.aborted ? 'failed' : 'done',
            error: signal.aborted ? 'Stopped by the operator' : null,
            finishedAt: new Date().toISOString(),
          };
        },
        (error: unknown) => {
          deps.log.error({ err: error }, 'n8n verification failed');
          progress = {
            ...progress,
            state: 'failed',
            error: error instanceof Error ? error.message : 'The verification stopped with an error',
            finishedAt: new Date().toISOString(),
          };
        },
      );
      return progress;
    },

    stop(): VerificationProgress {
      controller?.abort();
      return progress;
    },
  };
}

function pick(
  s: Pick<VerificationProgress, 'done' | 'total' | 'accepted' | 'activated' | 'ran' | 'failures'>,
) {
  return {
    done: s.done,
    total: s.total,
    accepted: s.accepted,
    activated: s.activated,
    ran: s.ran,
    failures: s.failures.slice(0, 50),
  };
}

export type ConsoleVerifier = ReturnType<typeof createConsoleVerifier>;
