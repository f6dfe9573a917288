import type { VerificationBadge } from '#shared/schemas/verification.ts';
import type { Built } from './entries.ts';

/** Puts each template's "Works on n8n" badge on its card (decision 0018), before the cards are packed. */
export function withVerifications(built: Built, badges: Map<string, VerificationBadge>): Built {
  if (badges.size === 0) return built;
  for (const entry of built.entries) {
    const badge = badges.get(entry.card.id);
    if (!badge) continue;
    entry.card = { ...entry.card, verification: badge };
  }
  return built;
}
