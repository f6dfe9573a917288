import { describe, expect, it } from 'vitest';
import { createKeyBox } from '#server/n8n/key-box.ts';

describe('n8n API keys at rest (AES-256-GCM)', () => {
  const box = createKeyBox('a'.repeat(40));

  it('round-trips and never stores the plain key', () => {
    const sealed = box.seal('n8n_api_secret_value_1234');
    expect(sealed).not.toContain('n8n_api_secret_value_1234');
    expect(box.open(sealed)).toBe('n8n_api_secret_value_1234');
  });

  it('uses a fresh IV each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered ciphertext or another secret', () => {
    const sealed = box.seal('n8n_api_secret_value_1234');
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    parts[3] = data.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createKeyBox('b'.repeat(40)).open(sealed)).toThrow();
    expect(() => box.open('plain-text')).toThrow('Unknown sealed key format');
  });
});
