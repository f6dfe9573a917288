// `npm run bench [-- name …]`: runs the named benchmarks (all when none is named) and prints figures.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !available.includes(w));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(1);
}
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n=== bench: ${name} ===`);
  const mod = (await import(pathToFileURL(`${dir}${name}.bench.ts`).href)) as { run(): Promise<void> };
  await mod.run();
}
process.exit(0);
