import { BadgeCheck } from 'lucide-react';
import {
  type VerificationBadge as BadgeData,
  checkedText,
  n8nMinor,
  passedVerification,
} from '#shared/schemas/verification.ts';
import { Badge } from '#web/components/ui/badge.tsx';

// A template card's "Works on n8n" badge (decision 0018); the member page's full panel is in
// features/automation/verification-badge.tsx.

/** "12 Dec" (UTC, the day the check ran). */
export function verifiedDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** The card badge: the version and what was checked, shown only when every check tried passed. */
export function VerificationBadge({ verification }: { verification: BadgeData | undefined }) {
  if (!verification || !passedVerification(verification)) return null;
  const label = `Works on n8n ${n8nMinor(verification.n8nVersion)} · ${checkedText(verification)}`;
  return (
    <Badge
      tone="success"
      data-testid="verification-badge"
      title={`Checked on n8n ${verification.n8nVersion} on ${verifiedDay(verification.verifiedAt)}`}
      className="inline-flex items-center gap-1 text-xs"
    >
      <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
      {label}
    </Badge>
  );
}
