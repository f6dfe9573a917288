// Members' n8n API keys at rest: AES-256-GCM with a key derived from N8N_KEY_SECRET. Stored as
// `v1.<iv>.<tag>.<ciphertext>` (base64url). The plain key lives only in memory, for one call, and is
// shown only masked.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Env } from '#server/env.ts';
import { localSecret } from '#server/lib/local-secret.ts';

export const N8N_KEY_SECRET_FILE = 'n8n-key-secret';

/**
 * N8N_KEY_SECRET, or outside production a random one generated on first start in DATA_DIR (0600).
 * Keys sealed with the former built-in development constant can no longer be opened: re-enter them.
 */
export function resolveN8nKeySecret(env: Pick<Env, 'N8N_KEY_SECRET' | 'NODE_ENV' | 'DATA_DIR'>): string {
  if (env.N8N_KEY_SECRET) return env.N8N_KEY_SECRET;
  if (env.NODE_ENV === 'production')
    throw new Error('Invalid configuration: NODE_ENV=production needs N8N_KEY_SECRET');
  return localSecret({ dataDir: env.DATA_DIR, name: N8N_KEY_SECRET_FILE, nodeEnv: env.NODE_ENV });
}

export type KeyBox = {
  seal(plain: string): string;
  open(sealed: string): string;
};

export function createKeyBox(secret: string): KeyBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'flowvault', 'n8n api keys v1', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, tag, data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown sealed key format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** Shows an API key as its last four characters only. */
export function maskApiKey(apiKey: string): string {
  return apiKey.length <= 8 ? '••••' : `••••${apiKey.slice(-4)}`;
}
