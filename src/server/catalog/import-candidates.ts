import { createHash } from 'node:crypto';
import { slugify } from '#shared/catalog/classify.ts';
import {
  COMMUNITY_AUTHOR,
  DEFAULT_3000_RATING,
  DEFAULT_FILE_SOURCE,
  SOURCE_3000,
  SOURCE_VAULT,
} from '#shared/catalog/constants.ts';
import { v3000Id } from '#shared/catalog/match-rules.ts';
import type { SkippedItem } from './import-classify.ts';
import { type Candidate, parseDate } from './prepare-automation.ts';
import type { InputFile, ManifestRow } from './read-input.ts';

// The importer's first step after reading the input: which automations the import holds. Manifest rows
// (the spec's two sources) claim their files; every other file becomes an automation of its own.

const given = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

const baseName = (p: string) => (p.split('/').pop() ?? p).replace(/\.json$/i, '');
const normalisePath = (p: string) => p.replace(/\\/g, '/').replace(/^\.\//, '');

/** The import's candidates in source order (manifest rows first), and the rows refused on sight. */
export function planCandidates(input: {
  files: InputFile[];
  manifestRows?: ManifestRow[];
  /** Source name for files no manifest row names. */
  source?: string;
}): { candidates: Candidate[]; skipped: SkippedItem[] } {
  const skipped: SkippedItem[] = [];
  const candidates: Candidate[] = [];
  const byPath = new Map(input.files.map((f) => [normalisePath(f.path), f]));
  const byBase = new Map<string, InputFile>();
  for (const f of input.files) if (!byBase.has(baseName(f.path))) byBase.set(baseName(f.path), f);
  const claimed = new Set<InputFile>();

  (input.manifestRows ?? []).forEach((row, index) => {
    const where = `manifest row ${index + 1}`;
    const source = given(row.source);
    if (source !== SOURCE_VAULT && source !== SOURCE_3000) {
      skipped.push({
        path: where,
        reason: `unknown source "${row.source ?? ''}" (expected "vault" or "3000")`,
      });
      return;
    }
    const rawId = source === SOURCE_VAULT ? given(row.id) : given(row.name) && v3000Id(row.name!);
    if (!rawId) {
      skipped.push({
        path: where,
        reason: source === SOURCE_VAULT ? 'vault row without an id' : '3000 row without a name',
      });
      return;
    }
    const fileRef = given(row.file);
    const file = fileRef
      ? (byPath.get(normalisePath(fileRef)) ?? byBase.get(baseName(fileRef)))
      : source === SOURCE_VAULT
        ? byBase.get(rawId)
        : undefined;
    if (fileRef && !file)
      skipped.push({ path: fileRef, reason: `${where} names a file that is not in the import` });
    if (file) claimed.add(file);
    const score = Number.parseFloat(row.score ?? '');
    candidates.push({
      id: source === SOURCE_VAULT ? slugify(rawId) || rawId : rawId,
      source,
      path: file?.path ?? where,
      where,
      hashInput: row,
      file,
      title: source === SOURCE_VAULT ? given(row.title) : given(row.name),
      description: given(row.description),
      author: source === SOURCE_VAULT ? given(row.creator) : COMMUNITY_AUTHOR,
      videoUrl: source === SOURCE_VAULT ? (given(row.youtube_url) ?? null) : null,
      resourceUrl: given(row.resource_url) ?? null,
      templateUrl: given(row.template_url) ?? null,
      sourceRating:
        source === SOURCE_3000
          ? Number.isFinite(score)
            ? Math.min(5, Math.max(0, score))
            : DEFAULT_3000_RATING
          : null,
      createdAt: source === SOURCE_VAULT ? parseDate(row.date_posted) : null,
    });
  });

  // Files no row names: automations with derived fields only. Ids come from the base name.
  const fileSource = given(input.source) ?? DEFAULT_FILE_SOURCE;
  const usedIds = new Set(candidates.map((c) => c.id));
  for (const file of input.files) {
    if (claimed.has(file)) continue;
    let id = slugify(baseName(file.path)) || 'workflow';
    if (usedIds.has(id)) id = `${id}-${createHash('sha256').update(file.path).digest('hex').slice(0, 8)}`;
    usedIds.add(id);
    candidates.push({
      id,
      source: fileSource,
      path: file.path,
      hashInput: { source: fileSource },
      file,
      videoUrl: null,
      resourceUrl: null,
      templateUrl: null,
      sourceRating: null,
      createdAt: null,
    });
  }
  return { candidates, skipped };
}
