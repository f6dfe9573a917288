// Runs every published template through verifyWorkflow against one n8n and stores each result.
// The CLI (npm run verify:n8n) and the operator console both call this: same path, same results.
import type { Database } from '#server/db/client.ts';
import type { VerificationProgress } from '#shared/schemas/verification.ts';
import { clearStaleVerifications, saveVerification, selectVerifiable } from './verification-store.ts';
import { type VerifyDeps, verifyWorkflow } from './verify-workflow.ts';

export type VerificationSummary = Pick<
  VerificationProgress,
  'total' | 'done' | 'accepted' | 'activated' | 'ran' | 'failures'
> & {
  /** Not deployable by the library's own rule: not sent (members cannot deploy them either). */
  skipped: number;
  activationTried: number;
  runTried: number;
};

export async function runVerification(
  deps: {
    db: Database;
    verify: VerifyDeps;
    now?: () => Date;
    /** Tells search indexes that cards changed (catalog.activity); called every 50 results and at the end. */
    announce?: () => Promise<void>;
  },
  options: {
    n8nVersion: string;
    runBy: 'cli' | 'console';
    ids?: string[];
    concurrency?: number;
    signal?: AbortSignal;
    onProgress?: (summary: VerificationSummary, last: { id: string; failure: string | null }) => void;
  },
): Promise<VerificationSummary> {
  const now = deps.now ?? (() => new Date());
  await clearStaleVerifications(deps.db);
  const rows = await selectVerifiable(deps.db, options.ids);
  const todo = rows.filter((r) => r.deployable);
  const summary: VerificationSummary = {
    total: todo.length,
    done: 0,
    accepted: 0,
    activated: 0,
    ran: 0,
    failures: [],
    skipped: rows.length - todo.length,
    activationTried: 0,
    runTried: 0,
  };
  const reasons = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < todo.length && !options.signal?.aborted) {
      const row = todo[next++]!;
      let workflow: unknown;
      try {
        workflow = JSON.parse(row.workflowJson!);
      } catch {
        workflow = null;
      }
      const outcome = await verifyWorkflow(deps.verify, { workflow, name: row.title });
      if (options.signal?.aborted) return; // n8n is being stopped: this result is not trustworthy
      await saveVerification(deps.db, {
        automationId: row.id,
        contentHash: row.contentHash,
        n8nVersion: options.n8nVersion,
        runBy: options.runBy,
        outcome,
        at: now(),
      });
      summary.done++;
      if (outcome.accepted) summary.accepted++;
      if (outcome.activated !== null) summary.activationTried++;
      if (outcome.activated) summary.activated++;
      if (outcome.ran !== null) summary.runTried++;
      if (outcome.ran) summary.ran++;
      if (outcome.failure) {
        const reason = `${outcome.failedStep}: ${reasonKey(outcome.failure)}`;
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        summary.failures = [...reasons]
          .map(([reason, count]) => ({ reason, count }))
          .sort((a, b) => b.count - a.count);
      }
      options.onProgress?.(summary, { id: row.id, failure: outcome.failure });
      if (summary.done % 50 === 0) await deps.announce?.();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));
  } finally {
    await deps.announce?.();
  }
  return summary;
}

/** Groups messages that differ only in ids, names in quotes or numbers. */
export function reasonKey(message: string): string {
  return message
    .replace(/"[^"]{1,80}"/g, '"…"')
    .replace(/'[^']{1,80}'/g, "'…'")
    .replace(/\b[0-9a-f]{8,}\b|\b\d+\b/gi, 'N')
    .slice(0, 240);
}
