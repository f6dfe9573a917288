import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Toasts and pages draw icons (lucide-react), never emoji: an emoji needs an emoji font, which many
// Linux desktops and servers taking screenshots lack (a box shows instead). Issue 21 item 18.
const REPO = path.resolve(import.meta.dirname, '../..');
const ROOTS = ['src/web', 'src/shared', 'content'].map((dir) => path.join(REPO, dir));
const EMOJI = /\p{Emoji_Presentation}|\uFE0F/u;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.(tsx?|json|md|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('no emoji in what the product shows', () => {
  it('finds no emoji in the web app, shared texts or operator content', () => {
    const found = ROOTS.flatMap(files).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (EMOJI.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 80)}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
