import type { Database } from '#server/db/client.ts';
import { publishBlockers } from '#server/n8n-releases/publish-blockers.ts';
import { toCard } from '#server/search/entries.ts';
import type { SearchIndex } from '#server/search/index.ts';
import { findV3000Match, isV3000Id } from '#shared/catalog/match-rules.ts';
import { videoId, videoThumbnails } from '#shared/catalog/video.ts';
import type { WorkflowJson } from '#shared/catalog/workflow-types.ts';
import type { AutomationDetail } from '#shared/schemas/catalog.ts';
import { selectAutomation, selectUsage } from './catalog.queries.ts';
import { selectVerification } from './verification-store.ts';

/** Resolves an id, with the spec's v3000- rule: no exact row → the "3000" row the name matches. */
async function resolve(db: Database, index: SearchIndex, id: string) {
  const row = await selectAutomation(db, id);
  if (row || !isV3000Id(id)) return row;
  const community = (await index.all()).filter((e) => e.card.source === '3000').map((e) => e.card);
  const match = findV3000Match(id, community);
  return match ? selectAutomation(db, match.id) : null;
}

/** A stored workflow JSON text as a workflow; null when there is none or it does not parse. */
export function parseStoredWorkflow(text: string | null): WorkflowJson | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as WorkflowJson;
  } catch {
    return null;
  }
}

/** One automation with everything a member may see, including the workflow JSON. */
export async function getAutomationDetail(
  db: Database,
  index: SearchIndex,
  id: string,
): Promise<AutomationDetail | null> {
  const row = await resolve(db, index, id);
  if (!row) return null;
  const entry = await index.get(row.id);
  const thumbs = videoThumbnails(row.videoUrl);
  const workflow = parseStoredWorkflow(row.workflowJson);
  const verification = await selectVerification(db, row.id);
  const verified2x = [verification, ...(verification?.otherVersions ?? [])].find((v) =>
    v?.n8nVersion.startsWith('2.'),
  );
  // The card's fields as search serves them (one mapping: search-entries.ts), then the detail's own.
  const card = entry?.card ?? toCard(row, undefined);
  return {
    ...card,
    description: row.description,
    purpose: row.purpose,
    purposeSource:
      row.purposeSource === 'author' || row.purposeSource === 'generated' ? row.purposeSource : null,
    howItWorks: row.howItWorks,
    authorNotes: row.authorNotes,
    usage: await selectUsage(db, row.id),
    quality: row.quality ?? null,
    setupSteps: row.setupSteps,
    credentials: row.credentials,
    triggerType: row.triggerType,
    videoUrl: row.videoUrl,
    videoId: videoId(row.videoUrl),
    thumbnails: thumbs,
    templateUrl: row.templateUrl,
    resourceUrl: row.resourceUrl,
    workflowJson: workflow as AutomationDetail['workflowJson'],
    config: JSON.stringify({
      template_url: row.templateUrl,
      resource_url: row.resourceUrl,
      source: row.source,
      hasVideo: thumbs !== null,
    }),
    n8nVerification: verification,
    publishBlockers:
      workflow && Array.isArray(workflow.nodes)
        ? publishBlockers(workflow.nodes, verified2x?.n8nVersion ?? null)
        : null,
  };
}
