// Passwords people pick first are the ones attackers try first (ASVS 6.2.4): refused at sign-up,
// change and reset. The list is zxcvbn-ts's common-password dictionary (49,000 entries ranked from
// public breach corpora, MIT, offline); no network call such as a breach API is needed.
import { onFirstUse } from '#server/lib/on-first-use.ts';

const zxcvbnCommon = onFirstUse<typeof import('@zxcvbn-ts/language-common')>('@zxcvbn-ts/language-common');

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Choose a longer or less usual one.';

let common: Set<string> | undefined;

/** True for a password on the common list (compared case-insensitively, surrounding spaces ignored). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    (zxcvbnCommon().dictionary as Record<string, string[]>)['passwords-common']!.map((p) => p.toLowerCase()),
  );
  return common.has(password.trim().toLowerCase());
}
