import { baseForm, capitalise, listJoin } from './english.ts';
import { readableFileName } from './text.ts';
import { NO_TRIGGER_TEXT } from './trigger-text.ts';

// Titles that name the job (decision 0022). A file-name or slug title ("Aggregate Gmail Create
// Triggered", "extract_swifts", "My workflow 3") is replaced by one written from the graph: what it
// does, with which apps, and what starts it. A title a person wrote is never replaced.

const TITLE_MAX = 90;
/** The verbs and trigger words the corpus's file names end with ("…_Create_Triggered.json"). */
const FILE_VERBS =
  /^(create|update|send|import|export|process|sync|monitor|automate|automation|report|notify|backup|schedule|scheduled|triggered|webhook|manual|stickynote|execute)$/i;
const FILE_ENDINGS =
  /^(triggered|scheduled|webhook|automate|automation|create|update|send|import|export|process|sync|monitor)$/i;
const GENERIC =
  /^(untitled( workflow)?|my workflow( \d+)?|new workflow( \d+)?|workflow( \d+)?|test( \d+)?|copy of .*)$/i;

/** A lower-case first word of plain letters ("typeform feedback"), not "n8n", "dub.co" or "e-mail". */
const LOWER_FIRST = /^(?!n8n\b)[a-z]+(?=\s|$)/;

/**
 * An author's workflow name without the labels that order or file it in their own account ("2. Refresh
 * Pipedrive tokens", "Template - SSL Expiry Alert System", "[n8n] …"): the words they chose stay.
 */
export function tidyAuthorTitle(name: string): string {
  const tidy = name
    // Keycap emoji are "#", "*" or a digit, an optional variation selector (U+FE0F) and U+20E3.
    .replace(/[#*0-9]\uFE0F?\u20E3/gu, '')
    .replace(/\p{Extended_Pictographic}|\uFE0F|\u200D/gu, '')
    .trim()
    .replace(/^(\d{1,3}[.)]|#\d{1,3}|\[[^\]]{1,20}\])\s+/, '')
    .replace(/^(n8n )?(template|workflow|example)\s*[-–—:|]\s+/i, '')
    .replace(/`([^`]+)`/g, '"$1"')
    .trim()
    // "typeform feedback workflow" → "Typeform feedback workflow"; "n8n", "iPhone", "mails2notion" stay.
    .replace(LOWER_FIRST, capitalise);
  return tidy.split(/\s+/).length >= 2 ? tidy : name.trim().replace(LOWER_FIRST, capitalise);
}

/** True when `title` is a file name, a slug or a placeholder rather than words a person chose. */
export function isFileNameTitle(title: string, fileName?: string): boolean {
  const t = title.trim();
  if (!t) return true;
  if (GENERIC.test(t)) return true;
  if (fileName) {
    const fromFile = readableFileName(fileName).toLowerCase();
    if (t.toLowerCase() === fromFile || t.toLowerCase().replace(/[_-]+/g, ' ') === fromFile) return true;
  }
  // snake_case, kebab-case or camelCase identifiers: "extract_swifts", "lead-scoring-v2", "myFlow".
  if (/^[A-Za-z0-9]+([_-][A-Za-z0-9]+)+$/.test(t) && !/\s/.test(t)) return true;
  if (/^[a-z]+[A-Z][A-Za-z0-9]*$/.test(t)) return true;
  // The corpus's naming pattern: integrations, then a verb and a trigger word, with no small words.
  const words = t.split(/\s+/);
  if (
    words.length >= 2 &&
    words.length <= 6 &&
    FILE_ENDINGS.test(words[words.length - 1]!) &&
    words.every((w) => /^[A-Z][A-Za-z0-9]*$/.test(w)) &&
    words.slice(-2).some((w) => FILE_VERBS.test(w))
  )
    return true;
  return false;
}

/** Words after which a plural is an object, not a verb ("folders in Google Drive"). */
const PREPOSITION = /^(in|to|from|on|with|for|of|into|at|by|as)$/;

/**
 * Whether words[i], after "and"/"or", is the verb of another action ("… and sends a message"): a plain
 * word ending in s not followed by a preposition. "searches files and folders in Google Drive" lists
 * two objects of one verb.
 */
function verbAt(words: string[], i: number): boolean {
  const next = words[i + 1];
  return /^[a-z]+s$/.test(words[i]!) && !(next !== undefined && PREPOSITION.test(next));
}

/**
 * "gets rows from Google Sheets" → "Get rows from Google Sheets"; a list keeps its last action only
 * (after ", " or "and"/"or" before another verb: "adds or updates rows" → "Update rows"), and a list of
 * objects stays whole ("Search files and folders in Google Drive", never "Folders in Google Drive").
 */
function imperative(clause: string): string {
  const words = clause.replace(/^either /, '').split(' ');
  let start = 0;
  for (let i = 1; i < words.length; i++)
    if (words[i - 1]!.endsWith(',') || (/^(and|or)$/.test(words[i - 1]!) && verbAt(words, i))) start = i;
  const [verb, ...rest] = words.slice(start);
  const fixed = rest.map((w, i) =>
    // "… or sends …" inside an action: the second verb too.
    i > 0 && /^(and|or)$/.test(rest[i - 1]!) && verbAt(rest, i) ? baseForm(w) : w,
  );
  return [baseForm(verb ?? ''), ...fixed].join(' ');
}

/** The trigger as a title's tail: "when a Telegram message arrives", "every day at 07:00", or none. */
function triggerTail(trigger: string): string {
  if (/^When started by hand/.test(trigger) || trigger === NO_TRIGGER_TEXT) return '';
  const t = trigger.replace(/\s*\((GET|POST|PUT|PATCH|DELETE|HEAD|IMAP)\)$/, '');
  return t.charAt(0).toLowerCase() + t.slice(1);
}

/** A title from the graph's actions and trigger, at most 90 characters. */
export function titleFromGraph(actions: string[], trigger: string, apps: string[], starter = false): string {
  const tail = triggerTail(trigger);
  // Conditions name nodes ("if "IF" holds"): a title states the job, not the wiring.
  const clauses = actions
    .map((a) => a.replace(/ (if|unless) ".*" holds$| on (the .* route|some routes) of ".*"$/, ''))
    .filter((a) => !/^(calls an HTTP API|answers the webhook call)$/.test(a));
  const candidates: string[] = [];
  if (clauses.length >= 2)
    candidates.push(listJoin([imperative(clauses[0]!), imperative(clauses[clauses.length - 1]!)]));
  if (clauses.length >= 1) candidates.push(imperative(clauses[0]!));
  if (clauses.length === 0 && apps.length) candidates.push(`Use ${listJoin(apps.slice(0, 3))}`);
  for (const c of candidates) {
    // "… from Pipedrive when a deal is updated in Pipedrive": the app once is enough.
    const inApp = / in ([A-Z][\w.() -]*)$/.exec(tail)?.[1];
    const t = inApp && c.includes(inApp) ? tail.slice(0, -` in ${inApp}`.length) : tail;
    const withTail = t ? `${c} ${t}` : c;
    if (withTail.length <= TITLE_MAX) return capitalise(withTail);
  }
  for (const c of candidates) if (c.length <= TITLE_MAX) return capitalise(c);
  if (candidates[0])
    return `${capitalise(candidates[0])
      .slice(0, TITLE_MAX - 1)
      .trimEnd()}…`;
  // Nothing after the trigger: a starter says when it starts; else its other nodes are not wired to it.
  if (starter) return capitalise(tail ? `Start a workflow ${tail}` : 'Start a workflow by hand');
  if (trigger === NO_TRIGGER_TEXT) return 'Workflow with no trigger';
  return capitalise(tail ? `Workflow that runs ${tail}` : 'Workflow started by hand');
}

/** Where a purpose sentence's object ends for a title ("…, which", " as well as …", " so that …"). */
const TITLE_CUT =
  /,| \(| as well as | so that | while | by using | using | which | in order to | to help | for easy | — | - /;

/**
 * A title from the author's own statement of purpose: "This n8n template imports Pitch Decks and
 * generates a report into Airtable as well as …" → "Import Pitch Decks and generate a report into
 * Airtable". Null when the sentence does not start "This workflow <does>" in the active voice.
 */
export function titleFromPurpose(purpose: string): string | null {
  const first = purpose.split(/(?<=[.!?])\s+/)[0] ?? '';
  const m = /^this (?:n8n )?(?:workflow|template|automation|flow)\s+(.*?)[.!]?$/i.exec(first.trim());
  if (!m) return null;
  let rest = m[1]!;
  let base = false;
  const enabling = /^(?:allows|lets|helps|enables) (?:you|users|teams|businesses|anyone)(?: to)? /i.exec(
    rest,
  );
  const designed = /^(?:is designed|is built|was built|is meant|is used|aims) to /i.exec(rest);
  // "This template can monitor …" / "will send …": the verb after the modal is the job.
  const modal = /^(?:can|will|is able to)\s+(?:automatically\s+|easily\s+|also\s+)?(?=[a-z]+ )/i.exec(rest);
  if (enabling || designed || modal) {
    rest = rest.slice((enabling ?? designed ?? modal)![0].length);
    base = true;
  }
  // "This workflow uses Gmail to send outreach emails …": the job is what it uses Gmail to do.
  const uses = /^uses (?:[\w.-]+ ){1,4}?to (?!(?:the|a|an|your|its|their|this|that)\b)([a-z]+ .*)$/i.exec(
    rest,
  );
  if (uses) {
    rest = uses[1]!;
    base = true;
  }
  const [verb, ...words] = rest.split(' ');
  if (!verb || /^(is|was|are|has|uses|will|can|does|provides|be|have|also|not|only|just)$/i.test(verb))
    return null;
  if (!base && !/^[a-z]+s$/.test(verb)) return null;
  let text = [base ? verb.toLowerCase() : baseForm(verb), ...words].join(' ');
  // The second verb of "imports X and generates Y" agrees too.
  text = text.replace(/ and ([a-z]+s)\b/, (_m, v: string) => ` and ${baseForm(v)}`);
  // The first boundary past the opening words ("Build a newsletter ("daily digest") …, which").
  const cut = [...text.matchAll(new RegExp(TITLE_CUT.source, 'g'))].find((m) => m.index >= 20);
  if (cut) text = text.slice(0, cut.index);
  // Too long: end at the last clause boundary that fits ("… and notify you | only when …").
  if (text.length > TITLE_MAX) {
    const head = text.slice(0, TITLE_MAX + 1);
    const clauses = [...head.matchAll(/ (?:only |just |even )?(?:when|whenever|if|so|before|after|once) /g)];
    const clause = clauses.length ? clauses[clauses.length - 1]!.index : -1;
    if (clause >= 40) text = text.slice(0, clause);
  }
  if (text.length > TITLE_MAX) {
    const space = text.lastIndexOf(' ', TITLE_MAX);
    text = text
      .slice(0, space > 40 ? space : TITLE_MAX)
      .replace(/\s+(and|or|the|a|an|of|to|with|for|in)$/i, '');
  }
  return text.split(' ').length >= 3 ? capitalise(text) : null;
}
