import { z } from 'zod';

// The member's private templates host (decision 0026): what n8n's editor reads from N8N_TEMPLATES_HOST,
// written from n8n's own editor source (@n8n/rest-api-client api/templates.ts, 2.x: ITemplatesCategory,
// ITemplatesNode, ITemplatesWorkflow, ITemplatesCollection(Response), ITemplatesWorkflowResponse,
// IWorkflowTemplate), and the settings API of the member's own token.

/** ITemplatesCategory. */
export const N8nTemplateCategorySchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * ITemplatesNode (a VersionNode plus id): the editor draws its icon from `iconData` (a data: URI file
 * or a named icon) and otherwise from its own node type of that `name`.
 */
export const N8nTemplateNodeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  icon: z.string(),
  iconData: z
    .union([
      z.object({ type: z.literal('file'), fileBuffer: z.string().startsWith('data:image/svg+xml;base64,') }),
      z.object({ type: z.literal('icon'), icon: z.string() }),
    ])
    .optional(),
  typeVersion: z.number(),
  defaults: z.object({ name: z.string(), color: z.string().optional() }),
  categories: z.array(N8nTemplateCategorySchema),
});

/** ITemplatesWorkflow (a search hit, no workflow). */
export const N8nTemplateWorkflowSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  nodes: z.array(N8nTemplateNodeSchema),
  totalViews: z.number().int().nonnegative(),
  user: z.object({
    name: z.string(),
    username: z.string(),
    avatar: z.string().nullable(),
    verified: z.boolean(),
  }),
});

/** IWorkflowTemplateNode: what the editor pastes onto the canvas. */
const TemplateNodeSchema = z
  .object({
    name: z.string(),
    type: z.string(),
    typeVersion: z.number(),
    position: z.array(z.number()),
    parameters: z.record(z.string(), z.unknown()),
    credentials: z
      .record(z.string(), z.union([z.string(), z.object({ id: z.string().nullable(), name: z.string() })]))
      .optional(),
  })
  .loose();

/** IWorkflowTemplate: GET workflows/templates/:id (the import). */
export const N8nWorkflowTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  workflow: z.object({
    nodes: z.array(TemplateNodeSchema),
    connections: z.record(z.string(), z.unknown()),
    settings: z.record(z.string(), z.unknown()).optional(),
    pinData: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** ITemplatesWorkflowResponse: GET templates/workflows/:id. */
export const N8nTemplateWorkflowDetailSchema = N8nTemplateWorkflowSchema.extend({
  image: z.array(z.object({ id: z.number().int(), url: z.string() })),
  categories: z.array(N8nTemplateCategorySchema),
  workflowInfo: z.object({
    nodeCount: z.number().int(),
    nodeTypes: z.record(z.string(), z.object({ count: z.number().int() })),
  }),
  workflow: N8nWorkflowTemplateSchema.shape.workflow,
});

/** ITemplatesCollection. */
export const N8nTemplateCollectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nodes: z.array(N8nTemplateNodeSchema),
  workflows: z.array(z.object({ id: z.number().int() })),
});

/** ITemplatesCollectionResponse. */
export const N8nTemplateCollectionDetailSchema = N8nTemplateCollectionSchema.extend({
  description: z.string().nullable(),
  image: z.array(z.object({ id: z.number().int(), url: z.string() })),
  categories: z.array(N8nTemplateCategorySchema),
  createdAt: z.string(),
  workflows: z.array(N8nTemplateWorkflowSchema),
});

export const N8nTemplatesHealthSchema = z.object({ status: z.literal('OK') });
export const N8nTemplateCategoriesResponseSchema = z.object({
  categories: z.array(N8nTemplateCategorySchema),
});
export const N8nTemplateSearchResponseSchema = z.object({
  totalWorkflows: z.number().int().nonnegative(),
  workflows: z.array(N8nTemplateWorkflowSchema),
  filters: z.array(z.unknown()),
});
export const N8nTemplateCollectionsResponseSchema = z.object({
  collections: z.array(N8nTemplateCollectionSchema),
});
export const N8nTemplateCollectionResponseSchema = z.object({
  collection: N8nTemplateCollectionDetailSchema,
});
export const N8nTemplateWorkflowResponseSchema = z.object({ workflow: N8nTemplateWorkflowDetailSchema });

/** `templates/search`: the editor sends `category` comma-separated (names or ids), `limit`, `page`. */
export const N8nTemplateSearchQuerySchema = z.object({
  search: z.string().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  /** n8n's website API takes `rows`; older editors sent it. */
  rows: z.coerce.number().int().min(1).max(100).optional(),
  category: z.string().max(500).optional().default(''),
  apps: z.string().max(500).optional(),
  nodes: z.string().max(500).optional(),
  sort: z.string().max(50).optional(),
  combineWith: z.string().max(10).optional(),
});

/** Collection and template ids are positive integers in n8n's shapes. */
export const N8nTemplateIdParamSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

// --- The member's settings API (/api/templates-host) ---

/** scheme://host[:port] of the member's n8n, as its editor sends it in `Origin`. */
export const N8nOriginSchema = z
  .string()
  .trim()
  .max(300, 'The n8n address is at most 300 characters.')
  .transform((value, ctx) => {
    try {
      const url = new URL(value);
      if (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        url.username === '' &&
        url.password === ''
      )
        return url.origin;
    } catch {
      // reported below
    }
    ctx.addIssue({
      code: 'custom',
      message: 'Enter the address of your n8n, such as https://n8n.example.com.',
    });
    return z.NEVER;
  });

export const TemplatesHostEnableSchema = z.object({ allowedOrigin: N8nOriginSchema });
export const TemplatesHostOriginSchema = z.object({ allowedOrigin: N8nOriginSchema });

export const TemplatesHostStatusSchema = z.object({
  enabled: z.boolean(),
  allowedOrigin: z.string().nullable(),
  /** The saved n8n connection's origin, offered as the default. */
  suggestedOrigin: z.string().nullable(),
  rotatedAt: z.string().nullable(),
  /** Only right after the token is made or rotated: it is stored hashed and never shown again. */
  hostUrl: z.string().nullable(),
});
export type TemplatesHostStatus = z.infer<typeof TemplatesHostStatusSchema>;

/** The line a member adds to their n8n's environment. */
export const templatesHostLine = (hostUrl: string) => `N8N_TEMPLATES_HOST=${hostUrl}`;
