// The shapes of n8n's answers (public API v1 and /rest/settings), parsed loosely: fields we do not
// read are kept, and unknown execution statuses become 'unknown'.
import { z } from 'zod';

export const N8nWorkflowSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  active: z.boolean().default(false),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  nodes: z.array(z.looseObject({ name: z.string().optional(), type: z.string().optional() })).optional(),
});
export type N8nWorkflow = z.infer<typeof N8nWorkflowSchema>;

/** A credential as n8n 2.x lists it: no secrets. */
export const N8nCredentialSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  type: z.string(),
});
export type N8nCredential = { id: string; name: string; type: string };

export const CredentialListSchema = z.looseObject({
  data: z.array(N8nCredentialSchema),
  nextCursor: z.string().nullish(),
});

export const WorkflowListSchema = z.looseObject({
  data: z.array(N8nWorkflowSchema),
  nextCursor: z.string().nullish(),
});
export type N8nWorkflowList = { data: N8nWorkflow[]; nextCursor: string | null };

export const N8nExecutionStatusSchema = z.enum([
  'canceled',
  'crashed',
  'error',
  'new',
  'running',
  'success',
  'unknown',
  'waiting',
]);
export type N8nExecutionStatus = z.infer<typeof N8nExecutionStatusSchema>;

export const N8nExecutionSchema = z
  .looseObject({
    id: z.union([z.string(), z.number()]).transform(String),
    finished: z.boolean().optional(),
    mode: z.string().optional(),
    startedAt: z.string().nullish(),
    stoppedAt: z.string().nullish(),
    workflowId: z.union([z.string(), z.number()]).transform(String),
    waitTill: z.string().nullish(),
    // Older instances report only `finished`; unknown statuses from newer ones are kept as 'unknown'.
    status: z.string().optional(),
  })
  .transform((e) => {
    const parsed = N8nExecutionStatusSchema.safeParse(e.status);
    const status: N8nExecutionStatus = parsed.success
      ? parsed.data
      : e.status === undefined && e.finished !== undefined
        ? e.finished
          ? 'success'
          : e.stoppedAt
            ? 'error'
            : 'running'
        : 'unknown';
    return {
      id: e.id,
      workflowId: e.workflowId,
      status,
      mode: e.mode ?? null,
      startedAt: e.startedAt ?? null,
      stoppedAt: e.stoppedAt ?? null,
      waitTill: e.waitTill ?? null,
    };
  });
export type N8nExecution = z.infer<typeof N8nExecutionSchema>;

export const ExecutionListSchema = z.looseObject({
  data: z.array(N8nExecutionSchema),
  nextCursor: z.string().nullish(),
});

const ExecutionDataSchema = z.looseObject({
  data: z
    .looseObject({
      resultData: z
        .looseObject({
          runData: z.record(z.string(), z.unknown()).optional(),
          lastNodeExecuted: z.string().optional(),
        })
        .optional(),
    })
    .nullish(),
});

/** Items a node's runs produced on its main outputs (n8n run data: runs → data.main → outputs → items). */
function itemsOut(runs: unknown): number | null {
  if (!Array.isArray(runs)) return null;
  let count = 0;
  for (const run of runs) {
    const main = (run as { data?: { main?: unknown } } | null)?.data?.main;
    if (!Array.isArray(main)) continue;
    for (const output of main) if (Array.isArray(output)) count += output.length;
  }
  return count;
}

/**
 * Item counts of one execution from its run data: processed = items out of the last node executed,
 * total = items out of the first node that ran (the trigger). Null when n8n reports no run data.
 */
export function executionItemCounts(execution: unknown): { processed: number; total: number } | null {
  const parsed = ExecutionDataSchema.safeParse(execution);
  const result = parsed.success ? parsed.data.data?.resultData : undefined;
  if (!result?.runData) return null;
  const names = Object.keys(result.runData);
  if (names.length === 0) return null;
  const last =
    result.lastNodeExecuted && result.lastNodeExecuted in result.runData
      ? result.lastNodeExecuted
      : names.at(-1)!;
  const processed = itemsOut(result.runData[last]);
  const total = itemsOut(result.runData[names[0]!]);
  if (processed === null || total === null) return null;
  return { processed, total };
}

export const SettingsSchema = z.looseObject({ data: z.looseObject({ versionCli: z.string().optional() }) });
