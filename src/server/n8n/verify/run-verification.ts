// Runs every published template through verifyWorkflow against one n8n and stores each result.
// The CLI (npm run verify:n8n) and the operator console both call this: same path, same results.

import {
  clearStaleVerifications,
  saveVerification,
  selectVerifiable,
} from '#server/catalog/verification-store.ts';
import type { Database } from '#server/db/client.ts';
import type { VerificationProgress } from '#shared/schemas/verification.ts';
import { type CredentialPoolSummary, createCredentialPool } from './throwaway-credentials.ts';
import { SETTINGS_REASON, type VerifyDeps, verifyWorkflow } from './verify-workflow.ts';

export type VerificationSummary = Pick<
  VerificationProgress,
  'total' | 'done' | 'accepted' | 'activated' | 'ran' | 'failures'
> & {
  /** Not deployable by the library's own rule: not sent (members cannot deploy them either). */
  skipped: number;
  /** Activation (1.x) or publishing (2.x) tried / refused only for credentials. */
  activationTried: number;
  refusedOnlyForCredentials: number;
  /** The same for templates using only nodes built into n8n (the ≥ 95 % target of issue 39). */
  builtInTried: number;
  builtInActivated: number;
  /**
   * Why those built-in-only templates were refused, per reason (a template refused for two reasons
   * counts under both), most frequent first; and how many were refused only for settings the template
   * leaves empty (they publish once the member fills them in).
   */
  builtInRefusals: { reason: string; count: number }[];
  builtInRefusedOnlyForSettings: number;
  /**
   * The set-up wizard level: refused with credentials, published once every field the wizard asks
   * for was filled (format-valid throwaway answers); all templates and those using only built-in nodes.
   */
  publishedAfterSetup: number;
  builtInPublishedAfterSetup: number;
  /** Built-in-only templates still refused after that, per reason, and each one with its reasons. */
  builtInFinalRefusals: { reason: string; count: number }[];
  builtInStillRefused: { id: string; title: string; reasons: string[] }[];
  /** Refusal reasons (all templates, after the wizard) a member is not told before deploying. */
  notShownBeforeDeploy: { id: string; title: string; reasons: string[] }[];
  runTried: number;
  /** Throwaway credential types created and refused (only with `throwawayCredentials`). */
  credentials: CredentialPoolSummary | null;
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
    /** Creates a throwaway credential of each needed type (n8n 2.x) and deletes them at the end. */
    throwawayCredentials?: boolean;
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
    refusedOnlyForCredentials: 0,
    builtInTried: 0,
    builtInActivated: 0,
    builtInRefusals: [],
    builtInRefusedOnlyForSettings: 0,
    publishedAfterSetup: 0,
    builtInPublishedAfterSetup: 0,
    builtInFinalRefusals: [],
    builtInStillRefused: [],
    notShownBeforeDeploy: [],
    runTried: 0,
    credentials: null,
  };
  const pool = options.throwawayCredentials ? createCredentialPool(deps.verify.client) : undefined;
  const verify: VerifyDeps = { ...deps.verify, credentials: pool };
  const reasons = new Map<string, number>();
  const builtInReasons = new Map<string, number>();
  const builtInFinal = new Map<string, number>();
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
      const outcome = await verifyWorkflow(verify, { workflow, name: row.title });
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
      if (outcome.refusedOnlyForCredentials) summary.refusedOnlyForCredentials++;
      if (outcome.publishedAfterSetup) summary.publishedAfterSetup++;
      if (outcome.notShownBeforeDeploy.length)
        summary.notShownBeforeDeploy.push({
          id: row.id,
          title: row.title,
          reasons: outcome.notShownBeforeDeploy,
        });
      if (outcome.builtInOnly && outcome.activated !== null) {
        summary.builtInTried++;
        if (outcome.activated) summary.builtInActivated++;
        for (const reason of outcome.refusalReasons)
          builtInReasons.set(reason, (builtInReasons.get(reason) ?? 0) + 1);
        summary.builtInRefusals = [...builtInReasons]
          .map(([reason, count]) => ({ reason, count }))
          .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
        if (outcome.refusalReasons.join() === SETTINGS_REASON) summary.builtInRefusedOnlyForSettings++;
        if (outcome.publishedAfterSetup) summary.builtInPublishedAfterSetup++;
        if (outcome.activated === false && !outcome.publishedAfterSetup) {
          for (const reason of outcome.finalRefusalReasons)
            builtInFinal.set(reason, (builtInFinal.get(reason) ?? 0) + 1);
          summary.builtInFinalRefusals = [...builtInFinal]
            .map(([reason, count]) => ({ reason, count }))
            .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
          summary.builtInStillRefused.push({
            id: row.id,
            title: row.title,
            reasons: outcome.finalRefusalReasons,
          });
        }
      }
      if (outcome.ran !== null) summary.runTried++;
      if (outcome.ran) summary.ran++;
      if (outcome.failure) {
        const reason = `${outcome.failedStep}: ${reasonKey(withoutNodeNames(outcome.failure))}`;
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
    if (pool) {
      summary.credentials = pool.summary();
      await pool.removeAll();
    }
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

/** A publish refusal is stored node by node ("Node: reason"); grouped, only the reasons count. */
function withoutNodeNames(failure: string): string {
  const lines = failure.split('\n');
  if (lines.length === 1 && !/^[^:]{1,120}: /.test(failure)) return failure;
  return [...new Set(lines.map((l) => l.replace(/^[^:]{1,120}: /, '')))].join('; ');
}

const percent = (n: number, of: number) => (of ? `${((n / of) * 100).toFixed(1)} %` : 'n/a');

/**
 * The lines `verify:n8n` and the stand-in tests print, e.g.
 * `n8n 2.x verification: accepted 1743/1743, publishes with credentials 1100/1743`.
 */
export function verificationLines(s: VerificationSummary, n8nVersion: string): string[] {
  const line = `${n8nVersion.split('.')[0]}.x`;
  if (Number(n8nVersion.split('.')[0]) >= 2) {
    const lines = [
      `n8n ${line} verification: accepted ${s.accepted}/${s.total}, publishes with credentials ${s.activated}/${s.total}`,
      `  publishing tried ${s.activationTried}; of those using only built-in nodes published ${s.builtInActivated}/${s.builtInTried} = ${percent(s.builtInActivated, s.builtInTried)}; refused only for credentials ${s.refusedOnlyForCredentials}; ran ${s.ran}/${s.total} (${s.runTried} tried)`,
    ];
    if (s.builtInRefusals.length) {
      lines.push(
        `  refused (built-in only) ${s.builtInTried - s.builtInActivated}, by reason: ${s.builtInRefusals.map((r) => `${r.reason} ${r.count}`).join('; ')}; only for settings the template leaves empty ${s.builtInRefusedOnlyForSettings}`,
      );
    }
    const afterSetup = s.builtInActivated + s.builtInPublishedAfterSetup;
    lines.push(
      `  publishes once your settings are filled (set-up wizard's fields, throwaway answers): ${s.activated + s.publishedAfterSetup}/${s.total}; built-in only ${afterSetup}/${s.builtInTried} = ${percent(afterSetup, s.builtInTried)}`,
    );
    if (s.builtInFinalRefusals.length)
      lines.push(
        `  still refused (built-in only) ${s.builtInTried - afterSetup}, by reason: ${s.builtInFinalRefusals.map((r) => `${r.reason} ${r.count}`).join('; ')}`,
      );
    lines.push(`  refusals a member is not told before deploying: ${s.notShownBeforeDeploy.length}`);
    if (s.credentials) {
      const failed = s.credentials.failed;
      lines.push(
        `  throwaway credentials: ${s.credentials.created}/${s.credentials.created + failed.length} types created${failed.length ? `; refused: ${failed.map((f) => f.type).join(', ')}` : ''}`,
      );
    }
    return lines;
  }
  return [
    `n8n ${line} verification: accepted ${s.accepted}/${s.total}, activated ${s.activated}/${s.total} (${s.activationTried} tried), ran ${s.ran}/${s.total} (${s.runTried} tried)`,
  ];
}

/**
 * The closing table of a 2.x run: per template, publishes with credentials only / publishes once the
 * set-up wizard's fields are filled / refused (why), for those using only built-in nodes, then each
 * template still refused and each refusal a member is not told before deploying.
 */
export function verificationTable(s: VerificationSummary, n8nVersion: string): string[] {
  const tried = s.builtInTried;
  const afterSetup = s.builtInActivated + s.builtInPublishedAfterSetup;
  const row = (label: string, value: string) => `  ${label.padEnd(52)} ${value}`;
  const lines = [
    `Verification table, n8n ${n8nVersion}`,
    row('deployable templates (N)', String(s.total)),
    row('accepted', `${s.accepted}/${s.total}`),
    row('publishing tried, only built-in nodes', String(tried)),
    row(
      'publishes with credentials only',
      `${s.builtInActivated}/${tried} = ${percent(s.builtInActivated, tried)}`,
    ),
    row(
      'publishes once the wizard’s fields are filled',
      `${afterSetup}/${tried} = ${percent(afterSetup, tried)} (+${s.builtInPublishedAfterSetup})`,
    ),
    row('refused', String(tried - afterSetup)),
    ...s.builtInFinalRefusals.map((r) => row(`  ${r.reason}`, String(r.count))),
  ];
  if (s.builtInStillRefused.length) {
    lines.push('Still refused (only built-in nodes):');
    for (const t of s.builtInStillRefused) lines.push(`  ${t.title} [${t.id}]: ${t.reasons.join('; ')}`);
  }
  lines.push(`Refusals not shown to the member before deploying: ${s.notShownBeforeDeploy.length}`);
  for (const t of s.notShownBeforeDeploy) lines.push(`  ${t.title} [${t.id}]: ${t.reasons.join('; ')}`);
  return lines;
}
