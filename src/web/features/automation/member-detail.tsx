import { ExternalLink, FileJson, Star } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buildCanvasModel } from '#shared/catalog/canvas-model.ts';
import { checkResourceUrl } from '#shared/catalog/resource-url.ts';
import type { WorkflowJson } from '#shared/catalog/workflow-types.ts';
import type { AutomationDetail } from '#shared/schemas/catalog.ts';
import { IntegrationList } from '#web/components/integration-icon.tsx';
import { formatDate, formatRating } from '#web/components/template-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { recordEvent } from '#web/features/library/library-api.ts';
import { DeployDialog, N8N_SETTINGS_PATH } from '#web/features/n8n/deploy-dialog.tsx';
import {
  AutomationUpdateNotice,
  PreviousStateNotice,
  VersionHistory,
} from '#web/features/n8n/template-updates.tsx';
import { AuthorNotes } from './author-notes.tsx';
import { CanvasBlock } from './canvas-block.tsx';
import { Block, HowItWorks, hasNamedAuthor, plural, QualityNotice } from './detail-parts.tsx';
import { InstanceVersionNotice } from './instance-version-notice.tsx';
import {
  Actions,
  BLOCKED_JSON,
  NO_JSON,
  openTemplate,
  SaveToCollection,
  workflowText,
} from './member-actions.tsx';
import { MoreByAuthor } from './more-by-author.tsx';
import { StarRating } from './star-rating.tsx';
import { VariantsBlock } from './variants-block.tsx';
import { VerificationPanel } from './verification-badge.tsx';

export function MemberDetail({ a }: { a: AutomationDetail }) {
  useEffect(() => {
    recordEvent({ automationId: a.id, kind: 'view' });
  }, [a.id]);
  const json = workflowText(a) !== null;
  // A workflow file readiness blocks (decision 0023) is not "template only": say why it is held back.
  const blocked = !json && a.workflowJson !== null;
  const navigate = useNavigate();
  const [deployOpen, setDeployOpen] = useState(false);
  const openDeploy = () => setDeployOpen(true);
  const resource = a.resourceUrl ? checkResourceUrl(a.resourceUrl) : null;
  const canvas = useMemo(
    () => buildCanvasModel(a.workflowJson as WorkflowJson | null, { member: true }),
    [a.workflowJson],
  );
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-2">
          <h1 className="text-3xl font-bold tracking-tight">{a.title}</h1>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-400" />
              {formatRating(a)} ({a.ratingCount})
            </span>
            <span>{plural(a.usage.deploys, 'deploy')}</span>
            <span>{plural(a.usage.copies, 'copy', 'copies')}</span>
            <span>{plural(a.usage.downloads, 'download')}</span>
            <span>{plural(a.usage.views, 'view')}</span>
            <span>{a.difficulty}</span>
            <span>{a.category}</span>
          </div>
          <StarRating automationId={a.id} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Actions a={a} onDeploy={openDeploy} />
          <SaveToCollection a={a} />
        </div>
      </header>
      {!json && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
          {blocked ? (
            <>
              <strong>Not offered to copy, download or deploy</strong>: {BLOCKED_JSON}
            </>
          ) : (
            <>
              <strong>No JSON available</strong>: {NO_JSON}
            </>
          )}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <Block title="Description">
            <Description a={a} />
          </Block>
          <AutomationUpdateNotice
            automationId={a.id}
            onDeploy={a.deployable && json ? openDeploy : undefined}
          />
          <PreviousStateNotice automationId={a.id} />
          <HowItWorks steps={a.howItWorks} />
          <VerificationPanel verification={a.n8nVerification ?? null} />
          {a.workflowJson && (
            <InstanceVersionNotice
              automationId={a.deployable ? a.id : null}
              blockers={a.publishBlockers ?? null}
              nodes={Array.isArray(a.workflowJson.nodes) ? a.workflowJson.nodes : []}
            />
          )}
          <QualityNotice a={a} />
          <CanvasBlock model={canvas} />
          <AuthorNotes notes={a.authorNotes ?? []} />
          {a.videoId && (
            <Block title="Video Tutorial">
              <div className="aspect-video overflow-hidden rounded-lg">
                <iframe
                  src={`https://www.youtube-nocookie.com/embed/${a.videoId}`}
                  title={`Video tutorial: ${a.title}`}
                  className="h-full w-full"
                  allow="encrypted-media; picture-in-picture"
                  allowFullScreen
                  loading="lazy"
                />
              </div>
            </Block>
          )}
          {a.templateUrl && (
            <Block title="Template URL">
              <p className="mb-3 break-all text-sm text-slate-600 dark:text-slate-400">{a.templateUrl}</p>
              <Button variant="outline" onClick={() => openTemplate(a.templateUrl!)}>
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                Open Template
              </Button>
            </Block>
          )}
          {resource && (
            <Block title="Resource URL">
              {resource.ok ? (
                <a
                  href={resource.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="break-all text-brand-700 underline dark:text-brand-400"
                >
                  {resource.url}
                </a>
              ) : (
                <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
                  <strong>{resource.title}</strong>: {resource.message}
                </p>
              )}
            </Block>
          )}
          <Block title="How to Import & Use in n8n">
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              <li>Click Copy JSON (or Download to save the file).</li>
              <li>Open your n8n editor and create a new workflow.</li>
              <li>Paste with Ctrl/Cmd+V, or use Import from File with the downloaded file.</li>
              <li>Add your credentials to the nodes that need them, then test and activate.</li>
            </ol>
          </Block>
          <VersionHistory automationId={a.id} />
          <VariantsBlock id={a.id} />
          {hasNamedAuthor(a) && <MoreByAuthor a={a} />}
          {a.setupSteps.length > 0 && (
            <Block title="Set up steps">
              <ol className="list-decimal space-y-1 pl-5 text-sm">
                {a.setupSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </Block>
          )}
        </div>
        <aside className="space-y-6">
          <Block title="Quick actions">
            <div className="flex flex-col gap-2">
              <Actions a={a} onDeploy={openDeploy} />
              <Button variant="ghost" asChild>
                <Link to="/dashboard?section=collections">My Collections</Link>
              </Button>
            </div>
          </Block>
          <Block title="Details">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {hasNamedAuthor(a) && (
                <>
                  <dt className="text-slate-500 dark:text-slate-400">Author</dt>
                  <dd>{a.author}</dd>
                </>
              )}
              {/* The date the item entered the catalogue, not when the workflow was made. */}
              <dt className="text-slate-500 dark:text-slate-400">Added</dt>
              <dd>{formatDate(a.createdAt)}</dd>
              <dt className="text-slate-500 dark:text-slate-400">Category</dt>
              <dd>{a.category}</dd>
              {json && (
                <>
                  <dt className="text-slate-500 dark:text-slate-400">Nodes</dt>
                  <dd>{a.nodeCount}</dd>
                </>
              )}
              <dt className="text-slate-500 dark:text-slate-400">Format</dt>
              <dd className="inline-flex items-center gap-1">
                <FileJson aria-hidden="true" className="h-4 w-4" />
                {json
                  ? 'JSON Available'
                  : blocked
                    ? 'Workflow file, not deployable as it is'
                    : 'Template Only'}
              </dd>
            </dl>
          </Block>
          {a.integrations.length > 0 && (
            <Block title="Apps used">
              <IntegrationList names={a.integrations} />
            </Block>
          )}
          {a.credentials.length > 0 && (
            <Block title="Credentials you will need">
              <ul className="space-y-1 text-sm">
                {a.credentials.map((c) => (
                  <li key={`${c.type}-${c.name}`}>
                    <span className="font-medium">{c.type}</span>
                    <span className="text-slate-500 dark:text-slate-400"> · {c.nodes.join(', ')}</span>
                  </li>
                ))}
              </ul>
            </Block>
          )}
          {a.tags.length > 0 && (
            <Block title="Tags">
              <ul className="flex flex-wrap gap-1">
                {a.tags.map((t) => (
                  <li key={t} className="rounded bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">
                    {t}
                  </li>
                ))}
              </ul>
            </Block>
          )}
        </aside>
      </div>
      {json && (
        <DeployDialog
          automationId={a.id}
          automationTitle={a.title}
          open={deployOpen}
          onClose={() => setDeployOpen(false)}
          onOpenSettings={() => navigate(N8N_SETTINGS_PATH)}
        />
      )}
    </div>
  );
}

/**
 * The description, purpose first (decision 0022). The author's purpose sentences open it, marked as
 * theirs; the generated text follows. An operator's edit that no longer starts with them shows as is.
 */
function Description({ a }: { a: Pick<AutomationDetail, 'description' | 'purpose' | 'purposeSource'> }) {
  const fromAuthor = a.purposeSource === 'author' && a.purpose !== '' && a.description.startsWith(a.purpose);
  if (!fromAuthor) return <p className="whitespace-pre-line">{a.description}</p>;
  const rest = a.description.slice(a.purpose.length).trim();
  return (
    <>
      <figure data-testid="author-purpose">
        <blockquote className="border-l-4 border-brand-300 pl-3 whitespace-pre-line">{a.purpose}</blockquote>
        <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          In the author's words
        </figcaption>
      </figure>
      {rest && <p className="mt-3 whitespace-pre-line">{rest}</p>}
    </>
  );
}
