// The import's worker thread: reads, hashes, parses and derives one batch while the main thread writes
// the previous one to the database (PGlite runs on the main thread), so an import uses both cores.
import { parentPort } from 'node:worker_threads';
import { type PrepareRequest, prepareBatch } from './prepare-automation.ts';

parentPort?.on('message', (request: PrepareRequest) => {
  try {
    parentPort?.postMessage({ ok: true, results: prepareBatch(request) });
  } catch (error) {
    parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
