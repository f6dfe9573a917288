// The production command exists twice: `npm run serve` and the systemd unit in docs/deploy, which starts
// node without npm in between. Both must run the server with the same V8 flags and allocator setting
// (decision 0011: they hold a process on PostgreSQL under its memory budget).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<'start' | 'serve', string>;
};
const unit = readFileSync(path.join(root, 'docs/deploy/flowvault@.service'), 'utf8');

/** `VAR=value … node --flag … entry` → its variables, flags and entry. */
function command(line: string) {
  const words = line.trim().split(/\s+/);
  const node = words.findIndex((w) => w === 'node' || w.endsWith('/bin/node'));
  const entry = words.findIndex((w, i) => i > node && !w.startsWith('-'));
  return {
    env: words.slice(0, node).filter((w) => /^[A-Z_]+=/.test(w)),
    flags: words.slice(node + 1, entry),
    entry: words[entry],
  };
}

/** The last command of an npm script (`check; VAR=1 node …`, `build && node …`). */
const lastCommand = (script: string) => command(script.split(/;|&&/).at(-1) ?? '');
const served = lastCommand(scripts.serve);
const unitStart = command(/^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '');

it('the systemd unit starts the same entry with the same V8 flags as npm run serve', () => {
  expect(served.entry).toBe('dist/server/main.js');
  expect(served.flags).toContain('--max-semi-space-size=2');
  expect(unitStart.entry).toBe(served.entry);
  expect(unitStart.flags).toEqual(served.flags);
});

it('the systemd unit sets the variables npm run serve sets', () => {
  const environment = (/^Environment=(.*)$/m.exec(unit)?.[1] ?? '').split(/\s+/);
  expect(served.env).toEqual(expect.arrayContaining(['NODE_ENV=production', 'MALLOC_ARENA_MAX=2']));
  expect(environment).toEqual(expect.arrayContaining(served.env));
});

it('the pinned Node accepts every flag of the production command', () => {
  // An unknown V8 flag is not an error for V8 alone, but node refuses it ("bad option").
  const run = spawnSync(process.execPath, [...served.flags, '-e', 'process.exit(0)'], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
});

// With V8's default (separate young and full collection phases), the young generation takes new pages
// past its cap while a full collection marks: 8–18 MB instead of 4, kept resident afterwards, which
// held a process on PostgreSQL at 176–191 MB (decision 0011). Short-lived garbage beside a growing old
// generation starts marking again and again; the young generation must stay within two semi-spaces.
const YOUNG_GENERATION_PROBE = `
import v8 from 'node:v8';
const keep = [];
let max = 0;
for (let round = 0; round < 300; round++) {
  for (let i = 0; i < 2000; i++) keep.push({ i, s: 'k' + round + '-' + i });
  if (keep.length > 200000) keep.splice(0, 100000);
  for (let i = 0; i < 20000; i++) { const g = { a: i, b: [i, i + 1] }; if (g.a < 0) console.log(g); }
  const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  max = Math.max(max, young.space_size);
  await new Promise((r) => setImmediate(r));
}
console.log(max);
`;

it.each([
  ['npm start', lastCommand(scripts.start)],
  ['npm run serve', served],
])('%s keeps the young generation within its cap while a full collection marks', (_, { flags }) => {
  const semiSpaceMb = Number(
    /^--max-semi-space-size=(\d+)$/.exec(
      flags.find((f) => f.startsWith('--max-semi-space-size=')) ?? '',
    )?.[1],
  );
  expect(semiSpaceMb).toBeGreaterThan(0);
  const run = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', YOUNG_GENERATION_PROBE], {
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(Number(run.stdout)).toBeLessThanOrEqual(2 * semiSpaceMb * 1024 * 1024);
});
