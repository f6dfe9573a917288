import type { AutomationRow, Candidate, PreparedResults, Stored } from './prepare-automation.ts';
import type { NewRows } from './write-automations.ts';

// The importer's step after a batch is prepared: each item is counted as imported, updated, unchanged
// or skipped (a bad file, a row with nothing usable, an id seen earlier in this import), and the rows
// to write are sorted into new ones (COPY) and changed ones (upsert).

export type SkippedItem = { path: string; reason: string };
/** An imported item with quality flags (missing or repaired wiring, duplicate names, community nodes). */
export type FlaggedItem = { path: string; id: string; flags: string[] };

/** What an import has counted so far; classifyBatch adds each batch to it. */
export type ImportTally = {
  imported: number;
  updated: number;
  unchanged: number;
  templateOnly: number;
  /** Workflow files looked at so far. */
  handled: number;
  /** Rows written so far (new and changed). */
  written: number;
  skipped: SkippedItem[];
  flagged: FlaggedItem[];
  seenIds: Set<string>;
};

export function newTally(skipped: SkippedItem[] = []): ImportTally {
  return {
    imported: 0,
    updated: 0,
    unchanged: 0,
    templateOnly: 0,
    handled: 0,
    written: 0,
    skipped,
    flagged: [],
    seenIds: new Set(),
  };
}

export type PreparedBatch = PreparedResults & { items: { candidate: Candidate; before?: Stored }[] };

/** Counts one prepared batch into `tally` and returns the rows it should write. */
export function classifyBatch(
  tally: ImportTally,
  batch: PreparedBatch & { onFile?: (handled: number) => void },
): { fresh: NewRows; changed: AutomationRow[] } {
  const fresh: NewRows = { rows: [], copy: [] };
  const changed: AutomationRow[] = [];
  const { skipped, seenIds } = tally;
  const tick = (c: Candidate) => {
    if (c.file) batch.onFile?.(++tally.handled);
  };
  for (const [i, { candidate: c, before }] of batch.items.entries()) {
    const r = batch.results[i]!;
    const duplicate = { path: c.path, reason: `duplicate id "${c.id}" in this import` };
    if (r.kind === 'unchanged') {
      tick(c);
      if (seenIds.has(c.id)) skipped.push(duplicate);
      else {
        seenIds.add(c.id);
        tally.unchanged++;
        if (!c.file) tally.templateOnly++;
      }
      continue;
    }
    if (r.bad && c.file) skipped.push({ path: c.file.path, reason: r.bad });
    tick(c);
    if (r.kind === 'bad') {
      if (c.where)
        skipped.push({ path: c.where, reason: `"${c.id}" has no usable workflow file and no template_url` });
      continue;
    }
    if (seenIds.has(c.id)) {
      skipped.push(duplicate);
      continue;
    }
    seenIds.add(c.id);
    if (r.templateOnly) tally.templateOnly++;
    if (r.flags.length) tally.flagged.push({ path: c.path, id: c.id, flags: r.flags });
    if (before) {
      tally.updated++;
      changed.push(r.row!);
    } else {
      tally.imported++;
      if (r.copy) fresh.copy.push(batch.copyBytes!.subarray(r.copy.start, r.copy.end));
      else fresh.rows.push(r.row!);
    }
  }
  tally.written += fresh.rows.length + fresh.copy.length + changed.length;
  return { fresh, changed };
}
