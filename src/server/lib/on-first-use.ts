import { createRequire } from 'node:module';

// Libraries that only some requests need (YAML, zip, CSV, the image rasteriser, the common-password
// list, the outbound HTTP client) are loaded on first use, not at boot: a process that never imports a
// catalogue or draws a share image does not carry their code (decision 0011, memory). PGlite, which is
// asynchronous to open anyway, is imported with `await import()` in db/client.ts instead.
const require = createRequire(import.meta.url);

/** A getter that loads `specifier` the first time it is called and returns the same module after. */
export function onFirstUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(specifier) as T;
    return loaded;
  };
}
