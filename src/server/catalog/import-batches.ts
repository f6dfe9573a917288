import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PROJECT_ROOT } from '#server/lib/project-root.ts';
import type { PreparedBatch } from './import-classify.ts';
import {
  type Candidate,
  type PreparedResults,
  type PrepareRequest,
  prepareBatch,
} from './prepare-automation.ts';
import { sizeOf } from './read-input.ts';
import { type ImportDatabase, storedFor, usesCopy } from './write-automations.ts';

// The importer's read-and-parse step, batch by batch: each batch's files are read and hashed against
// what is stored (unchanged files are not parsed), then new and changed ones are parsed and derived.
// Worker threads prepare the next batch while the caller writes this one.

/** Files read, derived and written per batch (at most, and at most BATCH_BYTES of input unless one file is larger): memory stays flat whatever the import's size. */
export const BATCH_SIZE = 500;
const BATCH_BYTES = 16 * 1024 * 1024;

/** The candidates' batches, prepared in order; the worker (if any) stops when the loop ends. */
export async function* preparedBatches(
  deps: { database: ImportDatabase },
  input: { candidates: Candidate[]; batchSize?: number; now: Date },
): AsyncGenerator<PreparedBatch> {
  const { candidates, now } = input;
  const batchSize = input.batchSize ?? BATCH_SIZE;
  const ends = batchEnds(candidates, batchSize);
  const prepare = candidates.length > batchSize ? workersPrepare(WORKERS) : inlinePrepare;
  const copy = usesCopy(deps.database);
  const start = async (batch: number): Promise<PreparedBatch> => {
    const first = batch === 0 ? 0 : ends[batch - 1]!;
    const slice = candidates.slice(first, ends[batch]);
    const stored = await storedFor(
      deps.database,
      slice.map((c) => c.id),
    );
    const items = slice.map((candidate, i) => ({
      candidate,
      before: stored.get(candidate.id),
      sourceOrder: first + i,
    }));
    return { items, ...(await prepare({ items, now, copy })) };
  };
  try {
    let next = ends.length > 0 ? start(0) : undefined;
    for (let batch = 0; next; batch++) {
      const current = await next;
      next = batch + 1 < ends.length ? start(batch + 1) : undefined;
      // Keep the promise handled while this batch is written; it is awaited on the next turn.
      next?.catch(() => {});
      yield current;
    }
  } finally {
    await prepare.close?.();
  }
}

/** Where each batch ends: at `size` candidates, or earlier once their files hold BATCH_BYTES. */
function batchEnds(candidates: Candidate[], size: number): number[] {
  const ends: number[] = [];
  let count = 0;
  let bytes = 0;
  candidates.forEach((c, i) => {
    const fileBytes = c.file ? sizeOf(c.file) : 0;
    if (count > 0 && (count === size || bytes + fileBytes > BATCH_BYTES)) {
      ends.push(i);
      count = 0;
      bytes = 0;
    }
    count++;
    bytes += fileBytes;
  });
  if (count > 0) ends.push(candidates.length);
  return ends;
}

type PrepareFn = ((request: PrepareRequest) => Promise<PreparedResults>) & {
  close?: () => Promise<unknown>;
};

const inlinePrepare: PrepareFn = async (request) => prepareBatch(request);

/**
 * Worker threads per import. Two, though the host may have two cores: the writing thread (PGlite)
 * needs less CPU than one worker's parse and derive, so a single worker left part of a core idle;
 * with two the scheduler keeps both cores busy.
 */
const WORKERS = 2;

/** Splits each batch between `count` workers and joins their results in order. */
function workersPrepare(count: number): PrepareFn {
  const workers = Array.from({ length: count }, () => workerPrepare());
  const run: PrepareFn = async (request) => {
    const size = Math.ceil(request.items.length / count);
    const parts = await Promise.all(
      workers.map((prepare, i) =>
        prepare({ ...request, items: request.items.slice(i * size, (i + 1) * size) }),
      ),
    );
    return joinResults(parts);
  };
  run.close = () => Promise.all(workers.map((w) => w.close?.()));
  return run;
}

/** One batch's results from its parts: COPY bytes end to end, each part's offsets moved along. */
function joinResults(parts: PreparedResults[]): PreparedResults {
  if (parts.length === 1) return parts[0]!;
  const size = parts.reduce((n, p) => n + (p.copyBytes?.byteLength ?? 0), 0);
  const copyBytes = size > 0 ? new Uint8Array(size) : undefined;
  const results: PreparedResults['results'] = [];
  let at = 0;
  for (const part of parts) {
    for (const r of part.results) {
      if (r.kind === 'row' && r.copy)
        results.push({ ...r, copy: { start: r.copy.start + at, end: r.copy.end + at } });
      else results.push(r);
    }
    if (part.copyBytes) {
      copyBytes!.set(part.copyBytes, at);
      at += part.copyBytes.byteLength;
    }
  }
  return { results, copyBytes };
}

/** Prepares batches in a worker thread, one request at a time. */
function workerPrepare(): PrepareFn {
  // From source even under the production build (dist/server): the worker runs the code the tests run.
  const worker = new Worker(path.join(PROJECT_ROOT, 'src/server/catalog/import-worker.ts'), {
    // A bounded heap makes the worker collect as it goes (without it the garbage of every parsed batch
    // piled up to hundreds of MB); batches are capped in bytes so one always fits.
    // Two workers at 128 + 8 MB peaked lower than one at 256 MB with V8's default young generation
    // (10,275 files: 378-412 MB against 459-474 MB); each gets half a batch.
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 },
  });
  const run: PrepareFn = (request) =>
    new Promise((resolve, reject) => {
      const done = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      const onMessage = (m: ({ ok: true } & PreparedResults) | { ok: false; message: string }) => {
        done();
        if (m.ok) resolve({ results: m.results, copyBytes: m.copyBytes });
        else reject(new Error(m.message));
      };
      const onError = (error: Error) => {
        done();
        reject(error);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage(request);
    });
  run.close = () => worker.terminate();
  return run;
}
