// The import's worker thread: reads, hashes, parses and derives one batch while the main thread writes
// the previous one to the database (PGlite runs on the main thread), so an import uses both cores.
import { parentPort } from 'node:worker_threads';
import { type PrepareRequest, prepareBatch } from './prepare-automation.ts';

parentPort?.on('message', (request: PrepareRequest) => {
  try {
    const prepared = prepareBatch(request);
    // The COPY bytes move to the writing thread without a copy.
    parentPort?.postMessage({ ok: true, ...prepared }, prepared.copyBytes ? [prepared.copyBytes.buffer] : []);
  } catch (error) {
    parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
