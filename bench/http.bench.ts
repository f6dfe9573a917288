// The serving path every page and API call goes through: middleware, database round trip, HTML.
import { makeWebRoot } from '../tests/support/web-root.ts';
import { load, rssMb, startBenchServer } from './support.ts';

export async function run() {
  const server = await startBenchServer({ webRoot: makeWebRoot() });
  try {
    for (const [label, path, headers] of [
      ['GET /api/health (db round trip)', '/api/health', {}],
      ['GET / (prerendered HTML, br)', '/', { 'accept-encoding': 'br' }],
    ] as const) {
      for (const connections of [1, 16]) {
        const r = await load({ url: `${server.url}${path}`, connections, seconds: 5, headers });
        console.log(
          `${label} c=${connections}: ${r.rps} req/s, p50 ${r.p50} ms, p97.5 ${r.p95} ms, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}`,
        );
      }
    }
    console.log(`RSS after load: ${rssMb()} MB`);
  } finally {
    await server.close();
  }
}
