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
import { copyColumns, type ImportDatabase, storedFor, usesCopy } from './write-automations.ts';

// The importer's read-and-parse step, batch by batch: each batch's files are read and hashed against
// what is stored (unchanged files are not parsed), then new and changed ones are parsed and derived.
// Worker threads prepare the next batch while the caller writes this one.

/** Files read, derived and written per batch (at most, and at most BATCH_BYTES of input unless one file is larger): memory stays flat whatever the import's size. */
export const BATCH_SIZE = 500;
const BATCH_BYTES = 16 * 1024 * 1024;

/**
 * The candidates' batches, prepared in order. `workers`: threads the caller started earlier (the
 * command line starts them before it opens the database) and closes itself; otherwise the workers
 * (if any) are started here and stop when the loop ends.
 */
export async function* preparedBatches(
  deps: { database: ImportDatabase; workers?: PrepareWorkers },
  input: { candidates: Candidate[]; batchSize?: number; now: Date },
): AsyncGenerator<PreparedBatch> {
  const { candidates, now } = input;
  const batchSize = input.batchSize ?? BATCH_SIZE;
  const ends = batchEnds(candidates, batchSize);
  const own = candidates.length > batchSize && !deps.workers ? startPrepareWorkers() : undefined;
  const prepare = candidates.length > batchSize ? (deps.workers ?? own!) : inlinePrepare;
  const copy = usesCopy(deps.database) ? copyColumns : undefined;
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
    return { items, ...(await prepare({ items, now, copy }, batch)) };
  };
  // One batch ahead per worker, taken in order: the caller writes batch n while the workers prepare
  // the next ones.
  const ahead: Promise<PreparedBatch>[] = [];
  let started = 0;
  const fill = () => {
    while (ahead.length < (prepare.workers ?? 1) && started < ends.length) {
      const next = start(started++);
      // Keep the promise handled while earlier batches are written; it is awaited in its turn.
      next.catch(() => {});
      ahead.push(next);
    }
  };
  try {
    fill();
    while (ahead.length > 0) {
      const current = await ahead.shift()!;
      fill();
      yield current;
    }
  } finally {
    // Batches still being prepared are dropped with their workers (their promises are handled).
    await own?.close();
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

type PrepareFn = ((request: PrepareRequest, batch: number) => Promise<PreparedResults>) & {
  /** How many batches it prepares at once. */
  workers?: number;
};

/** Worker threads that prepare batches; whoever starts them closes them. */
export type PrepareWorkers = PrepareFn & { workers: number; close(): Promise<unknown> };

const inlinePrepare: PrepareFn = async (request) => prepareBatch(request);

/**
 * Worker threads per import. Two, though the host may have two cores: the writing thread (PGlite)
 * needs less CPU than one worker's parse and derive, so a single worker left part of a core idle;
 * with two the scheduler keeps both cores busy.
 */
const WORKERS = 2;

/**
 * Starts the import's worker threads (loading their modules takes ~0.4 s, which the command line
 * overlaps with opening the database). Batches go to them in turn, a whole batch each: a worker never
 * waits for another to finish its share of a batch (split in halves, the half with the larger files
 * held both back).
 */
export function startPrepareWorkers(count = WORKERS): PrepareWorkers {
  const workers = Array.from({ length: count }, () => workerPrepare());
  const run: PrepareFn = (request, batch) => workers[batch % count]!.prepare(request);
  return Object.assign(run, {
    workers: count,
    close: () => Promise.all(workers.map((w) => w.worker.terminate())),
  });
}

/** Prepares batches in a worker thread, one request at a time. */
function workerPrepare() {
  // From source even under the production build (dist/server): the worker runs the code the tests run.
  const worker = new Worker(path.join(PROJECT_ROOT, 'src/server/catalog/import-worker.ts'), {
    // A bounded heap makes the worker collect as it goes (without it the garbage of every parsed batch
    // piled up to hundreds of MB); batches are capped in bytes so one always fits.
    // Two workers at 128 + 8 MB peaked lower than one at 256 MB with V8's default young generation
    // (10,275 files: 378-412 MB against 459-474 MB). Each prepares whole batches, one file at a time.
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 },
  });
  const prepare = (request: PrepareRequest) =>
    new Promise<PreparedResults>((resolve, reject) => {
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
  return { worker, prepare };
}
