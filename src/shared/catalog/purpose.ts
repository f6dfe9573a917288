// What a template is for, in its author's words (decision 0022): the sentences of a sticky note that
// state the workflow's purpose, cleaned of Markdown, links, set-up instructions and emoji, at most two.
// The caller stores them marked as the author's words; the notes themselves stay members-only.

const MAX_PURPOSE = 320;

/** Headings of sections that tell how to set the workflow up, not what it is for. */
const SETUP_HEADING =
  /\b(set ?up|setup|how to|requirements?|prerequisites?|configur|credential|instructions?|install|steps?\b|customi[sz]|usage\b|notes?\b|tips?\b|important\b|warning|troubleshoot|before you|getting started|need help|support$|contact\b|pricing\b|author\b|resources?\b|links?\b)/i;
/**
 * Headings that name a kind of section, not the workflow ("What this workflow does", "How it works",
 * "Setup", "Overview"): never a title.
 */
const GENERIC_HEADING =
  /^(what (it|this( \w+)?|the \w+) (does|is)|this (n8n )?(workflow|template) (does|will do)( the following)?:?|how (it|this( \w+)?) works|how to( use)?( it| this( \w+)?)?|overview|about( (it|this( \w+)?))?|description|summary|introduction|purpose|use cases?|features?|key features|benefits?|who (is )?(it|this)( \w+)? (is )?for|why( use)?( it| this( \w+)?)?|set ?up( guide| steps| instructions)?|setup|requirements?|prerequisites?|configuration|customi[sz]ation|usage|notes?|tips?|steps?|workflow( overview| steps| components| structure)?|components|details|example|results?|output|input|triggers?( event)?)$/i;
const PURPOSE_HEADING =
  /^(what (it|this( \w+)?) does|this (n8n )?(workflow|template) (does|will do)( the following)?:?$|overview|about( this)?( workflow| template)?$|description|purpose|summary|introduction|what is|use cases?)/i;

/** Sentences that instruct the reader (set-up), or speak of keys, credentials and placeholders. */
const INSTRUCTION =
  /^(set ?up|setup|add|replace|configure|make sure|connect|create (a|an|your)|click|copy|change|enter|update (the|your)|insert|paste|go to|open|select|fill|install|sign ?up|get (a|an|your)|you('ll| will)? need|remember|don't|do not|please|note|important|tip|step \d|first,|then,|next,|finally,|if you|to use|to get|ensure|edit|adjust|modify|duplicate|import|activate|run|test|try|check|follow|use (the|this|your)|feel free|watch|see|read|visit|join|contact|need help|questions)/i;
const SECRETS =
  /(credential|api[ -]?key|token|password|secret|webhook url|\{\{|YOUR_|<your|xxx|\$json|\bset ?up\b|\bconfigur|\binstall|\bimport (it|this)\b)/i;
/** Sentences that say what the workflow does or is for. */
const PURPOSE_CUE =
  /\b(^the (n8n )?workflow (for|that)\b|^(a|an) (n8n )?(workflow|template|automation) (that|which|for)\b|this (n8n )?(workflow|template|automation|flow|agent|bot|system|tool|assistant|pipeline|chatbot|integration)|automates?|helps? (you|teams|businesses|users)|allows? (you|users|teams)|lets you|enables? (you|users|teams)|designed (to|for)|built (to|for)|is (a|an) (\w+ )?(workflow|template|automation|agent|bot|assistant|system|tool))\b/i;
/** A note that opens with a third-person verb describes the flow ("Answers messages with GPT."). */
const DESCRIPTIVE_START =
  /^This (is (a|an|the)\b|(n8n|([\w-]+ ){0,4}(workflows?|templates?|automations?|flows?|agents?|bots?|tools?|systems?|assistants?|pipelines?|chatbots?|integrations?|apps?|servers?|sections?|parts?))\b)|^(Automatically )?[A-Z][a-z]+(s|es)\b(?<!^(Is|Has|Was|Does|This|Thus|Its|Yes|Sometimes|Always|Perhaps|Unless|Besides|Plus|Thanks|Notes|Steps|Tips|Requirements|Credentials|Details|Resources|Links|Settings|Instructions)\b)/;

const NOTE_LABEL = /^\s*(note|important|tip|warning|caution|n\.?b\.?|attention|disclaimer)\b/i;

/** Markdown, HTML, links and emoji out; one paragraph per line kept. */
export function plainText(markdown: string): string {
  return (
    markdown
      .replace(/```[\s\S]*?```/g, ' ')
      .replace(/`[^`]*`/g, ' ')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      // An aside that points at a link ("(if you're unfamiliar with it, check out this article)").
      .replace(
        /\s*\([^()]*\b(check out|see|read|click|learn more|more info|here)\b[^()]*\]\([^)]*\)[^()]*\)/gi,
        '',
      )
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, ' ')
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/[#*0-9]\uFE0F?\u20E3/gu, '')
      .replace(/\p{Extended_Pictographic}|\uFE0F|\u200D/gu, '')
      .replace(/^\s{0,3}>\s?/gm, '')
      // A bold or code label ("1. **`Triggers Weekly`**: The workflow …") goes with its colon.
      // A bold or code label ("1. **`Triggers Weekly`**: The workflow …", "**Trigger:** …") goes with its
      // colon; "Note:" and "Important:" stay, so the sentence still reads as a caution.
      .replace(
        /^(\s*(?:[-*+]|\d+[.)])?\s*)(\*\*|__)((?:[^*_\s]+ ?){1,6}?)(?:\2\s*:|:\s*\2)\s+/gm,
        (all, lead: string, _m, label: string) => (NOTE_LABEL.test(label.replace(/`/g, '')) ? all : lead),
      )
      .replace(/^\s*([-*+]|\d+[.)])\s+/gm, '')
      // Headings written inside list items ("- ## Automates playlist updates").
      .replace(/^\s*#{1,6}\s+/gm, '')
      .replace(/(\*\*|__|\*|~~)/g, '')
      .replace(/(^|\s)_([^_]+)_(?=\s|[.,;:!?]|$)/g, '$1$2')
      .replace(/[ \t]+/g, ' ')
      // What removed a label or code span leaves at a line's start (": The workflow …").
      .replace(/^ ?[:;,]+ ?(?=\S)/gm, '')
  );
}

/** `numbered`: the heading numbers a step ("## 2. Use Hashing", "# 02. Filter", "Step 3: …"). */
type Section = { heading: string; level: number; lines: string[]; numbered?: boolean };

function sections(markdown: string): Section[] {
  const out: Section[] = [{ heading: '', level: 0, lines: [] }];
  for (const raw of markdown.split('\n')) {
    const heading = /^\s{0,3}(#{1,6})\s+(.*)$/.exec(raw);
    const text = heading ? plainText(heading[2]!).trim() : '';
    // A "heading" that is a whole sentence ("## This workflow is triggered by …") is text.
    if (heading && !(text.split(' ').length > 8 && /[.!]$/.test(text)))
      out.push({
        heading: text,
        level: heading[1]!.length,
        lines: [],
        numbered: /^\W*(step\s*)?\d+(\.\d+)*[.):]?\s/i.test(heading[2]!),
      });
    else out[out.length - 1]!.lines.push(heading ? text : raw);
  }
  return out;
}

const sentencesOf = (text: string) =>
  text
    .replace(/\s*\n+\s*/g, ' \n ')
    .split(/(?<=[.!?])\s+(?=[A-Z"“(])|\s*\n\s*/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/**
 * Advice on swapping parts ("… currently uses OpenAI, but you can replace …") and what it needs ("This
 * workflow requires 3 external tool workflows …") are set-up, not purpose.
 */
const ADVICE =
  /^this (n8n )?(workflow|template) (requires|needs|depends on)\b|\b(you (can|could|may|might) (also |easily |simply )?(replace|swap|change|switch|modify|adjust|customi[sz]e|use your own|set your own)|(can|could|may|might|should) (easily )?be (replaced|swapped|changed|adjusted|modified|customi[sz]ed|extended|adapted)|whatever \w+( \w+)? you (need|want|like|prefer)|(is|are) up to you|currently uses|make sure|please|thank(s| you)|reach out|countless hours|stay updated|(i|we) hope|buy me|subscribe to|follow me|(we|you)('ll| will)? need|to enable this)\b/i;
/**
 * How the workflow was made ("… was created using n8n version 0.197.1 …") and tutorial narration ("We will
 * make an HTTP request …") are not what it is for.
 */
const HOW_MADE =
  /\bn8n (version )?v?\d+\.\d+|\b(was|were) (created|built|made) (using|with|in)\b|^(we|i)('ll| will| are going to| am going to)\b/i;
/** "This workflow is a sub workflow of the workflow." says nothing about what it is for. */
const VACUOUS = /^this (n8n )?workflow is (a|the) sub[- ]?workflow\b[^,]{0,40}\.$/i;
/** A note beside one node describes that node ("This node uploads the report …"), not the template. */
const ONE_NODE = /^(this|the) (node|step)\b/i;
/** "This section of the workflow …" describes one part: never the template's purpose (derive-automation.ts). */
const ONE_PART = /^this (section|part|portion|branch|half)\b/i;

const usable = (s: string) =>
  s.length >= 25 &&
  s.length <= 260 &&
  /[.!?]$/.test(s) &&
  !INSTRUCTION.test(s) &&
  !SECRETS.test(s) &&
  !ADVICE.test(s) &&
  !HOW_MADE.test(s) &&
  !VACUOUS.test(s) &&
  !ONE_NODE.test(s) &&
  !/:$/.test(s) &&
  // A sentence that is mostly a list of names or a heading with a stop is not a purpose.
  s.split(' ').length >= 5;

/** `part`: the sentences describe one section ("This part of the workflow …"), not the whole. */
export type NotePurpose = { text: string; note: number; part?: boolean };

/**
 * The purpose sentences of a workflow's sticky notes (and which note), or null when none states one.
 * `noted`: per note, the nodes placed on it; a note on one node of a larger workflow explains that node.
 */
export function notePurpose(
  notes: string[],
  nodeNames: string[] = [],
  noted: string[][] = [],
): NotePurpose | null {
  // A section headed with a node's name ("## Initialize Chat Session") explains that node.
  const key = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const named = new Set(nodeNames.map(key).filter((k) => k.length > 0));
  // "This employee lookup tool gives …": a sentence whose subject is a node (three words or more, so
  // not a default name such as "AI Agent", which the template is) tells
  // that node's job.
  const aboutNode = (s: string) => {
    const k = key(s);
    return [...named].some(
      (n) => n.split(' ').length >= 3 && (k.startsWith(`this ${n} `) || k.startsWith(`the ${n} `)),
    );
  };
  const realNodes = nodeNames.filter(Boolean).length;
  let best: { score: number; text: string; note: number; part: boolean } | null = null;
  notes.forEach((note, noteIndex) => {
    const on = noted[noteIndex]?.length ?? 0;
    const onOneNode = realNodes > 2 && on === 1;
    // A note over a group of the nodes ("## News Aggregators / Pulls articles from …") labels that
    // group: its opening verb tells what those nodes do, not the template (unless headed "Overview").
    const onGroup = on > 0 && on * 2 < realNodes;
    for (const section of sections(note)) {
      const purposeHeading = section.heading !== '' && PURPOSE_HEADING.test(section.heading);
      if (section.heading && SETUP_HEADING.test(section.heading) && !purposeHeading) continue;
      // Deeper sections explain one part ("#### Why do we need Google Sheets?"): only an explicit
      // "This workflow …" there counts.
      // So do numbered sections ("## 2. Use Hashing to Detect Changes", "# 02. Filter & Branch"):
      // each explains one step.
      // So does a note placed on one node (it sits beside the node it explains).
      const deep =
        (onOneNode || section.level >= 3 || section.numbered || named.has(key(section.heading))) &&
        !purposeHeading;
      const sentences = sentencesOf(plainText(section.lines.join('\n')));
      sentences.forEach((s, i) => {
        if (!usable(s) || aboutNode(s)) return;
        const strong = /^this (n8n )?(workflow|template|automation)/i.test(s);
        if (deep && !strong) return;
        const cue = PURPOSE_CUE.test(s);
        const descriptive = i === 0 && (!onGroup || purposeHeading) && DESCRIPTIVE_START.test(s);
        const underPurpose = section.heading !== '' && PURPOSE_HEADING.test(section.heading) && i === 0;
        if (!cue && !descriptive && !underPurpose) return;
        const score =
          (strong ? 4 : 0) +
          (cue ? 2 : 0) +
          (underPurpose ? 2 : 0) +
          (descriptive ? 1 : 0) -
          (ONE_PART.test(s) ? 3 : 0) -
          noteIndex * 0.1 -
          i * 0.3;
        const next = sentences[i + 1];
        const two =
          next &&
          usable(next) &&
          !/^(step|first|then)\b/i.test(next) &&
          s.length + next.length + 1 <= MAX_PURPOSE
            ? `${s} ${next}`
            : s;
        if (!best || score > best.score) best = { score, text: two, note: noteIndex, part: ONE_PART.test(s) };
      });
    }
  });
  const found = best as { text: string; note: number; part: boolean } | null;
  return found ? { text: found.text, note: found.note, ...(found.part ? { part: true } : {}) } : null;
}

/** The purpose sentences of a workflow's sticky notes, or null when no note states one. */
export const purposeFromNotes = (notes: string[]): string | null => notePurpose(notes)?.text ?? null;

const NOT_A_TITLE =
  /((developed|created|made|built|written|brought to you) by\b|try (it|me)|set ?up|instructions?|prerequisites?|requirements?|credentials?|contact|read ?me|^step\b|^\d|how to|overview|about|note|important|getting started|self-hosted|tutorial|^example)/i;

/**
 * The title the author gave the overview note (its first level-1 or level-2 heading), when it reads
 * as a title: 3 to 12 words, not a set-up heading or a question.
 */
export function noteTitle(note: string): string | null {
  const heading = /^\s{0,3}#{1,3}\s+(.+)$/m.exec(note);
  if (!heading) return null;
  const quoted = quotedTitle(heading[1]!);
  if (quoted) return quoted;
  if (!/^\s{0,3}#{1,2}\s/.test(heading[0])) return null;
  const text = plainText(heading[1]!)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[:.!]+$/, '');
  const words = text.split(' ').length;
  if (words < 3 || words > 12 || /[?]/.test(text) || NOT_A_TITLE.test(text) || GENERIC_HEADING.test(text))
    return null;
  return text;
}

/** The first sentence of `text`, cut at a word to at most `max` characters. */
export function firstSentence(text: string, max: number): string {
  const first = sentencesOf(text)[0] ?? text;
  if (first.length <= max) return first;
  const cut = first.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[,;:]$/, '')}…`;
}

/** A title quoted inside a heading: Setting Up a Workflow for "AI-Powered Children's Storytelling". */
function quotedTitle(heading: string): string | null {
  const m = /["“]([^"”]{12,90})["”]/.exec(plainText(heading));
  return m && m[1]!.trim().split(/\s+/).length >= 3 ? m[1]!.trim() : null;
}

/** A title quoted in any note's heading (the author named the workflow there), else null. */
export function quotedNoteTitle(notes: string[]): string | null {
  for (const note of notes)
    for (const m of note.matchAll(/^\s{0,3}#{1,3}\s+(.+)$/gm)) {
      const title = quotedTitle(m[1]!);
      if (title) return title;
    }
  return null;
}
