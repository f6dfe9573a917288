// Passwords attackers guess first are refused at sign-up, change and reset (ASVS 6.2.4, issue 41: 11 of
// 30 weak ones got through a common-password list alone, `aaaaaaaa`, `Password1!`, `flowvault1`, the
// account's own e-mail). zxcvbn-ts estimates how many guesses a password takes from patterns (repeats,
// sequences, keyboard rows, dates, l33t) and dictionaries: its common-password and name lists
// (@zxcvbn-ts/language-common, MIT, offline), plus the site's name and the account's e-mail. Its feedback
// says why a password is refused. The English word lists are left out: they add ~30 MB to every process
// (decision 0011), and the common lists already catch what people pick.
import { onFirstUse } from '#server/lib/on-first-use.ts';

type Core = typeof import('@zxcvbn-ts/core');
const zxcvbnCore = onFirstUse<Core>('@zxcvbn-ts/core');
const zxcvbnCommon = onFirstUse<typeof import('@zxcvbn-ts/language-common')>('@zxcvbn-ts/language-common');
// The English texts of the feedback only (not the package's word lists).
const englishTexts = onFirstUse<Record<string, Record<string, string>>>(
  '@zxcvbn-ts/language-en/dist/translations.cjs',
);

/**
 * At least 10^8 guesses by zxcvbn's estimate: where its score 3 ("safely unguessable", its own
 * recommendation) starts, without the few guesses of slack that put every 8-character password, however
 * random, one below it (our minimum length is 8, DESIGN.md §9.7).
 */
export const MIN_GUESSES_LOG10 = 8;
const SITE_WORDS = ['flowvault', 'flow vault', 'n8n'];

let estimator: InstanceType<Core['ZxcvbnFactory']> | undefined;

/** The words of an e-mail address a password must not lean on: the address and its parts. */
function emailWords(email: string | undefined): string[] {
  const address = email?.trim().toLowerCase();
  if (!address) return [];
  return [address, ...address.split(/[@.+_-]+/).filter((part) => part.length >= 3)];
}

/** Why `password` is too easy to guess (shown as is), or null when it is strong enough. */
export function weakPasswordReason(password: string, context: { email?: string } = {}): string | null {
  estimator ??= new (zxcvbnCore().ZxcvbnFactory)({
    dictionary: zxcvbnCommon().dictionary,
    graphs: zxcvbnCommon().adjacencyGraphs,
    translations: englishTexts() as never,
  });
  const result = estimator.check(password, [...SITE_WORDS, ...emailWords(context.email)]);
  if (result.guessesLog10 >= MIN_GUESSES_LOG10) return null;
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  return `This password is too easy to guess. ${why || 'Add more words that are less common.'}`;
}
