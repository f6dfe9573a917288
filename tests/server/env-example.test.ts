import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '#server/env.ts';
import { renderEnvExample } from '../../scripts/env-example.ts';

const file = path.resolve(import.meta.dirname, '../../.env.example');

describe('.env.example', () => {
  it('is what the configuration schema renders (run `npm run env:example` after changing src/server/env.ts)', () => {
    expect(readFileSync(file, 'utf8')).toBe(renderEnvExample());
  });

  it('names every variable the server reads, each once', () => {
    const names = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z0-9_]+=/.test(l))
      .map((l) => l.slice(0, l.indexOf('=')));
    expect(names).toEqual(Object.keys(EnvSchema.shape));
  });

  it('marks what production refuses to start without, and parses as an empty configuration', () => {
    const text = readFileSync(file, 'utf8');
    for (const name of ['DATABASE_URL', 'AUTH_SECRET', 'SMTP_URL', 'PAYPAL_WEBHOOK_ID', 'N8N_KEY_SECRET']) {
      const at = text.indexOf(`\n${name}=`);
      const comment = text.slice(text.lastIndexOf('\n\n', at), at);
      expect(comment, name).toContain('[production]');
    }
    expect(text).toContain('/api/webhooks/paypal');
  });
});
