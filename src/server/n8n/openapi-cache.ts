// What each n8n instance accepts on create (its openapi.yml), cached per instance URL.
import type { InstanceCapabilities } from './instance-capabilities.ts';

/** Capabilities per instance URL, shared by all requests (openapi.yml rarely changes). */
export type OpenApiCache = ReturnType<typeof createOpenApiCache>;

export function createOpenApiCache(
  options: { ttlMs?: number; failureTtlMs?: number; now?: () => number } = {},
) {
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  const failureTtlMs = options.failureTtlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expiresAt: number; value: Promise<CapabilitiesLookup> }>();
  return {
    get(instanceUrl: string, load: () => Promise<CapabilitiesLookup>): Promise<CapabilitiesLookup> {
      const hit = entries.get(instanceUrl);
      if (hit && hit.expiresAt > now()) return hit.value;
      const value = load();
      const entry = { expiresAt: now() + ttlMs, value };
      entries.set(instanceUrl, entry);
      value.then(
        (v) => {
          if (v.capabilities.source === 'baseline') entry.expiresAt = now() + failureTtlMs;
        },
        () => entries.delete(instanceUrl),
      );
      return value;
    },
    invalidate(instanceUrl: string) {
      entries.delete(instanceUrl);
    },
    size: () => entries.size,
  };
}

export type CapabilitiesLookup = {
  capabilities: InstanceCapabilities;
  /** Why the baseline was used instead of the instance's own openapi.yml. */
  fallbackReason: string | null;
};
