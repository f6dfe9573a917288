// A clone without shared/ runs the rest of the suite and says what is missing; CI never passes without it.
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CORPUS_ARCHIVE, corpusGate } from '#tests/support/n8n-corpus.ts';

const absent = path.join(import.meta.dirname, 'no-such-folder', 'n8n-workflows-zie619.tar.gz');
afterEach(() => vi.restoreAllMocks());

describe('the corpus gate', () => {
  it('skips locally, printing what is missing and how to make it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gate = corpusGate(absent, {});
    expect(gate.present).toBe(false);
    expect(gate.title).toContain('SKIPPED');
    const printed = String(warn.mock.calls[0]?.[0]);
    expect(printed).toContain(`expected ${absent}`);
    expect(printed).toContain('git clone https://github.com/Zie619/n8n-workflows');
    expect(printed).toContain(`tar -czf ${absent}`);
  });

  it('fails on CI', () => {
    expect(() => corpusGate(absent, { CI: 'true' })).toThrow(
      /corpus is missing.*On CI the corpus tests must run/,
    );
  });

  it('lets the tests run when the archive is there', () => {
    // This machine has shared/ beside the clone (the corpus tests themselves prove it is readable).
    expect(corpusGate(CORPUS_ARCHIVE, { CI: 'true' })).toEqual({ present: true, title: '' });
  });
});
