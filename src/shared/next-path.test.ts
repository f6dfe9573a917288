import { describe, expect, it } from 'vitest';
import { nextPathAfterBuying, safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps a path on this site, query included', () => {
    expect(safeNextPath('/automation/slack-digest')).toBe('/automation/slack-digest');
    expect(safeNextPath('/payment?next=%2Fautomation%2Fx')).toBe('/payment?next=%2Fautomation%2Fx');
  });

  it('refuses anything a browser would take to another site', () => {
    for (const raw of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'automation/x',
      '',
      null,
      undefined,
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeNextPath(raw), String(raw)).toBeUndefined();
    }
  });

  it('builds the payment step that returns to a template', () => {
    const step = nextPathAfterBuying('/automation/a b');
    expect(step).toBe('/payment?next=%2Fautomation%2Fa%20b');
    expect(new URL(step, 'http://x').searchParams.get('next')).toBe('/automation/a b');
  });
});
