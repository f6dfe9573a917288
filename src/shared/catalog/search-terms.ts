// The words and index terms of a text (issue 16, decision 0010): normalisation, camelCase and
// hyphen gluing, stems. Pure; match-rules.ts, the server's search rules and word index
// (src/server/search/) read every term through here.

/** Lowercase, diacritics dropped (é → e), NUL removed. */
export function normalizeText(text: string): string {
  const ascii = ASCII.test(text);
  const lower = (ascii ? text : text.normalize('NFKD').replace(/\p{M}+/gu, '')).toLowerCase();
  return lower.includes('\u0000') ? lower.replaceAll('\u0000', '') : lower;
}

/** camelCase and letter-case boundaries, marked so they glue like a hyphen. */
const CAMEL = /(\p{Ll}|\p{N})(?=\p{Lu})|(\p{Lu})(?=\p{Lu}\p{Ll})/gu;
const WORD = /[\p{L}\p{N}]+/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII test for the fast path
const ASCII = /^[\u0000-\u007f]*$/;
const SPACE = /\s/;

/** Words of a text in order: camelCase split ("googleSheets" → google, sheets), normalised. */
export function wordsOf(text: string): string[] {
  return normalizeText(text.replace(CAMEL, '$1$2-')).match(WORD) ?? [];
}

/** Light English stemming for plurals and verb forms: "emails" → email, "submitted" → submitt. */
export function stemOf(word: string): string {
  const n = word.length;
  if (n < 5) return word;
  const last = word.charCodeAt(n - 1);
  if (last === 115 /* s */) {
    if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
    if (word.endsWith('ss')) return word;
    if (/(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
    return word.slice(0, -1);
  }
  if (last === 100 /* d */ && word.charCodeAt(n - 2) === 101 /* e */) return word.slice(0, -2);
  if (last === 103 /* g */ && n > 6 && word.endsWith('ing')) return word.slice(0, -3);
  return word;
}

function isSpace(code: number): boolean {
  return (
    code === 32 ||
    code === 10 ||
    code === 9 ||
    code === 13 ||
    (code > 127 && SPACE.test(String.fromCharCode(code)))
  );
}

type Emit = (term: string, word: boolean) => void;
/** Between two words of a field: the last word and the glued chunk it belongs to. */
type TermState = { prev: string; glued: string; pairs: boolean; emit: Emit };

/** One word of a field, `spaced` when whitespace (or the field's start) comes before it. */
function termStep(st: TermState, w: string, spaced: boolean) {
  const { emit } = st;
  if (!spaced) {
    emit(st.prev + w, false);
    st.glued += w;
  } else {
    if (st.glued !== st.prev) emitGlued(st.glued, emit);
    if (st.pairs && st.prev) emit(st.prev + w, false);
    st.glued = w;
  }
  const stem = stemOf(w);
  if (stem !== w) emit(stem, false);
  emit(w, true);
  st.prev = w;
}

/**
 * Calls `emit` for each index term of a field: its words (`word` true), plus glued forms so
 * "e-mail", "E-Mail" and "email" meet, and "google-sheets", "googleSheets" and "googlesheets" do
 * too (the glued chunk counts as a word), plus stems ("emails" → email). In short fields (`pairs`)
 * neighbouring words are joined across spaces as well ("Google Sheets" → googlesheets). Only words
 * answer prefixes and typos.
 */
export function forEachTerm(text: string, pairs: boolean, emit: Emit): void {
  const st: TermState = { prev: '', glued: '', pairs, emit };
  // Nearly every field is ASCII, or ASCII words between other symbols ("…", emoji): a hand scan is
  // ~3× cheaper than the Unicode regular expressions.
  if (scannable(text)) asciiWords(text, st);
  else regexWords(text, st);
  if (st.glued !== st.prev) emitGlued(st.glued, emit);
}

/** The general form (any script): camelCase marked, normalised, then the words matched. */
export function forEachTermRegex(text: string, pairs: boolean, emit: Emit): void {
  const st: TermState = { prev: '', glued: '', pairs, emit };
  regexWords(text, st);
  if (st.glued !== st.prev) emitGlued(st.glued, emit);
}

function regexWords(text: string, st: TermState) {
  const norm = normalizeText(text.replace(CAMEL, '$1$2-'));
  let prevEnd = -1;
  WORD.lastIndex = 0;
  for (let m = WORD.exec(norm); m !== null; m = WORD.exec(norm)) {
    const w = m[0];
    let spaced = prevEnd < 0;
    for (let i = prevEnd; !spaced && i < m.index; i++) spaced = isSpace(norm.charCodeAt(i));
    termStep(st, w, spaced);
    prevEnd = m.index + w.length;
  }
}

/** What a non-ASCII character is to the word rule: part of a word (or unsure), or a separator. */
const Outside = { Word: 0, Separator: 1, Space: 2 } as const;
type Outside = (typeof Outside)[keyof typeof Outside];
const outsideKinds = new Map<number, Outside>();
/** Characters remembered at most: text from anyone (a query, an upload) must not grow the map forever. */
const OUTSIDE_KINDS_KEPT = 4096;
const LETTER_OR_MARK = /[\p{L}\p{N}\p{M}]/u;

/**
 * How the general form treats this character once normalised: a letter, digit or mark (or
 * something that normalises to one, such as ™ → TM) belongs to words, anything else separates
 * them, as a space when its normal form holds whitespace.
 */
function outsideKind(codePoint: number): Outside {
  let kind = outsideKinds.get(codePoint);
  if (kind === undefined) {
    const ch = String.fromCodePoint(codePoint);
    const norm = ch.normalize('NFKD');
    kind =
      LETTER_OR_MARK.test(ch) || LETTER_OR_MARK.test(norm)
        ? Outside.Word
        : [...norm].some((c) => isSpace(c.charCodeAt(0)))
          ? Outside.Space
          : Outside.Separator;
    if (outsideKinds.size < OUTSIDE_KINDS_KEPT) outsideKinds.set(codePoint, kind);
  }
  return kind;
}

const NON_ASCII = /[\u0080-\u{10ffff}]/gu;
/** Whether the hand scan gives this text's terms: no NUL, and no non-ASCII character in a word. */
function scannable(text: string): boolean {
  if (text.includes('\u0000')) return false;
  if (ASCII.test(text)) return true;
  NON_ASCII.lastIndex = 0;
  for (let m = NON_ASCII.exec(text); m !== null; m = NON_ASCII.exec(text))
    if (outsideKind(m[0].codePointAt(0)!) === Outside.Word) return false;
  return true;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;

/**
 * The same words for text that `scannable` accepts: runs of ASCII letters and digits split at
 * camelCase, between separators.
 */
function asciiWords(text: string, st: TermState) {
  const n = text.length;
  let spaced = true;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (!(isLower(c) || isUpper(c) || isDigit(c))) {
      if (c === 32 || c === 10 || c === 9 || c === 13) spaced = true;
      else if (c > 127) {
        const codePoint = text.codePointAt(i)!;
        if (outsideKind(codePoint) === Outside.Space) spaced = true;
        if (codePoint > 0xffff) i++;
      }
      i++;
      continue;
    }
    let j = i + 1;
    for (; j < n; j++) {
      const d = text.charCodeAt(j);
      const upper = isUpper(d);
      if (!(upper || isLower(d) || isDigit(d))) break;
      // camelCase: "googleSheets", "v2Api"; and "HTTPRequest" → HTTP, Request.
      const p = text.charCodeAt(j - 1);
      if (upper && (isLower(p) || isDigit(p))) break;
      if (upper && isUpper(p) && j + 1 < n && isLower(text.charCodeAt(j + 1))) break;
    }
    termStep(st, text.slice(i, j).toLowerCase(), spaced);
    spaced = false;
    i = j;
  }
}

/** A hyphenated or camelCase chunk glued whole ("e-mails" → emails) is a word of its own, stem too. */
function emitGlued(glued: string, emit: Emit) {
  emit(glued, true);
  const stem = stemOf(glued);
  if (stem !== glued) emit(stem, false);
}

/** forEachTerm as two lists. */
export function termsOf(text: string, pairs: boolean): { words: string[]; joins: string[] } {
  const words: string[] = [];
  const joins: string[] = [];
  forEachTerm(text, pairs, (t, word) => (word ? words : joins).push(t));
  return { words, joins };
}
