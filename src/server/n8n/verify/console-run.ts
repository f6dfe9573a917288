// The operator's verification from the console: the same runVerification over one of their own
// connections, one run at a time per process. Its progress is kept here (GET reads it) and published
// on the bus as it moves (operators' streams hear it: realtime/event-hub.ts).
import { type Actor, recordAudit } from '#server/audit/audit.ts';
import { AppError } from '#server/lib/errors.ts';
import { BRIDGED_PAYLOAD_MAX_BYTES, publishEverywhere } from '#server/realtime/event-bus.ts';
import { createProgressPublisher } from '#server/realtime/progress-publisher.ts';
import { IDLE_VERIFICATION, type VerificationProgress } from '#shared/schemas/verification.ts';
import { clientForRow, type N8nDeps, resolveConnection } from '../connections.ts';
import type { N8nClient } from '../n8n-client.ts';
import { runVerification } from './run-verification.ts';

export function createConsoleVerifier(deps: N8nDeps) {
  let progress: VerificationProgress = IDLE_VERIFICATION;
  let controller: AbortController | null = null;
  let starting = false;

  async function run(client: N8nClient, version: string, signal: AbortSignal) {
    const live = createProgressPublisher<VerificationProgress>({
      publish: (p) => publishEverywhere(deps.database, deps.bus, 'n8n.verification', fitForBridge(p)),
      onError: (error) => deps.log.warn({ err: error }, 'n8n verification progress not published'),
    });
    live.update(progress);
    try {
      const summary = await runVerification(
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
            live.update(progress);
          },
        },
      );
      progress = {
        ...progress,
        ...pick(summary),
        state: signal.aborted ? 'failed' : 'done',
        error: signal.aborted ? 'Stopped by the operator' : null,
        finishedAt: new Date().toISOString(),
      };
    } catch (error) {
      deps.log.error({ err: error }, 'n8n verification failed');
      progress = {
        ...progress,
        state: 'failed',
        error: error instanceof Error ? error.message : 'The verification stopped with an error',
        finishedAt: new Date().toISOString(),
      };
    }
    await live.finish(progress);
  }

  return {
    progress: (): VerificationProgress => progress,

    /**
     * Starts a run in the background; throws CONFLICT while one is running. The entry is written
     * once n8n has answered its version (the call that leaves the process), before the run begins.
     */
    async start(input: { actor: Actor; connectionId: string }): Promise<VerificationProgress> {
      if (starting || progress.state === 'running') {
        throw new AppError('CONFLICT', { userMessage: 'A verification is already running.' });
      }
      starting = true;
      try {
        const connection = await resolveConnection(deps, input.actor.userId, input.connectionId);
        const client = clientForRow(deps, connection);
        // Results are stored per n8n version: an instance that does not reveal it cannot be used.
        const version = await client.getVersion();
        if (!version) {
          throw new AppError('VALIDATION_FAILED', {
            userMessage:
              'This instance does not reveal its n8n version, and results are stored per version. Use another connection or npm run verify:n8n.',
          });
        }
        await recordAudit(deps, {
          actor: input.actor,
          action: 'n8n.verify',
          target: input.connectionId,
          detail: { n8nVersion: version },
        });
        controller = new AbortController();
        progress = {
          ...IDLE_VERIFICATION,
          state: 'running',
          connectionId: input.connectionId,
          n8nVersion: version,
          startedAt: new Date().toISOString(),
        };
        void run(client, version, controller.signal);
        return progress;
      } finally {
        starting = false;
      }
    },

    /** Asks the run to stop; the final state ('failed', "Stopped by the operator") follows on the bus. */
    async stop(input: { actor: Actor }): Promise<VerificationProgress> {
      await recordAudit(deps, { actor: input.actor, action: 'n8n.verify.stop' });
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

/** The least frequent failure reasons go first when the state is too large for a NOTIFY payload. */
function fitForBridge(p: VerificationProgress): VerificationProgress {
  let failures = p.failures;
  const size = (f: VerificationProgress['failures']) =>
    Buffer.byteLength(JSON.stringify({ ...p, failures: f }));
  while (failures.length > 0 && size(failures) > BRIDGED_PAYLOAD_MAX_BYTES) failures = failures.slice(0, -1);
  return failures === p.failures ? p : { ...p, failures };
}

export type ConsoleVerifier = ReturnType<typeof createConsoleVerifier>;
