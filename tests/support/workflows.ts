// Small n8n workflows written in a test: a node, a straight chain of main connections, a named workflow.

/** An n8n node at (x, 0), typeVersion 1 and no parameters unless `extra` says otherwise. */
export const node = (name: string, type: string, extra: Record<string, unknown> = {}, x = 0) => ({
  name,
  type,
  typeVersion: 1,
  position: [x, 0],
  parameters: {},
  ...extra,
});

/** Main connections from each named node to the next. */
export const chain = (...names: string[]) =>
  Object.fromEntries(
    names.slice(0, -1).map((n, i) => [n, { main: [[{ node: names[i + 1]!, type: 'main', index: 0 }]] }]),
  );

/** A workflow whose nodes run one after the other, in the order given (unless `connections` says otherwise). */
export const wf = (
  name: string,
  nodes: Record<string, unknown>[],
  connections = chain(...nodes.map((n) => n.name as string)),
) => ({ name, nodes, connections });

/** A workflow of `first`, two Set steps and `last`, chained: the library deploys workflows of more than 3 nodes. */
export const fourSteps = (
  name: string,
  first: Record<string, unknown>,
  last: Record<string, unknown> = node('Done', 'n8n-nodes-base.noOp', {}, 600),
) =>
  wf(name, [
    first,
    node('Set 1', 'n8n-nodes-base.set', {}, 200),
    node('Set 2', 'n8n-nodes-base.set', {}, 400),
    last,
  ]);

/** A Telegram "send message" step to `chatId` ('' is the chat the author left empty), with a credential. */
export const telegramSend = (chatId: string) =>
  node(
    'Send',
    'n8n-nodes-base.telegram',
    {
      typeVersion: 1.2,
      parameters: { chatId, text: 'hi' },
      credentials: { telegramApi: { id: '7', name: 'Telegram account' } },
    },
    600,
  );

/** An Execute Workflow step calling the author's sub-workflow 1004 by id (from the author's database). */
export const subWorkflowCall = () =>
  node(
    'Read Config',
    'n8n-nodes-base.executeWorkflow',
    {
      typeVersion: 1.2,
      parameters: {
        source: 'database',
        workflowId: { __rl: true, mode: 'list', value: '1004', cachedResultName: 'Config store' },
      },
    },
    600,
  );

/** A Webhook trigger (v2, POST) named Webhook whose path is its webhook id, as n8n's editor makes one. */
export const webhookTrigger = (id: string, webhookId: string, x = 0) =>
  node(
    'Webhook',
    'n8n-nodes-base.webhook',
    { id, typeVersion: 2, webhookId, parameters: { path: webhookId, httpMethod: 'POST' } },
    x,
  );

/** A credential reference: `{ [type]: { id, name } }` (id '' is one the author left unbound). */
export const credential = (type: string, name: string, id: string) => ({ [type]: { id, name } });

/** OpenAI (the LangChain node, v1.8) named OpenAI: asks `model` one message, `content`. */
export const openAiStep = (
  id: string,
  x: number,
  ask: { model: string; content: string; options?: Record<string, unknown>; credentialId?: string },
) =>
  node(
    'OpenAI',
    '@n8n/n8n-nodes-langchain.openAi',
    {
      id,
      typeVersion: 1.8,
      parameters: {
        modelId: { __rl: true, value: ask.model, mode: 'list' },
        messages: { values: [{ content: ask.content }] },
        ...(ask.options ? { options: ask.options } : {}),
      },
      credentials: credential('openAiApi', 'OpenAI account', ask.credentialId ?? '1'),
    },
    x,
  );

/** The collision a three-way merge reports when the member and the update both changed OpenAI's model. */
export const openAiModelCollision = (base: string, mine: string, theirs: string) => ({
  kind: 'parameter',
  node: 'OpenAI',
  path: 'modelId',
  base,
  mine,
  theirs,
});

/** Slack (v2.2) named `name`: posts `text` to the channel with id `channel`. */
export const slackPost = (
  id: string,
  x: number,
  post: { channel: string; text: string; credentialId: string; name?: string },
) =>
  node(
    post.name ?? 'Slack',
    'n8n-nodes-base.slack',
    {
      id,
      typeVersion: 2.2,
      parameters: {
        select: 'channel',
        channelId: { __rl: true, value: post.channel, mode: 'id' },
        text: post.text,
      },
      credentials: credential('slackApi', 'Slack account', post.credentialId),
    },
    x,
  );

/** Wait (v1.1) named Wait, for `amount` seconds. */
export const waitStep = (id: string, x: number, amount: number) =>
  node('Wait', 'n8n-nodes-base.wait', { id, typeVersion: 1.1, parameters: { amount } }, x);

/**
 * The AI digest template: Webhook → Edit Fields → OpenAI → Slack (channel C0123), with a Wait before
 * Slack when `withWait`; the OpenAI model is the knob a new version turns, `x` moves the Webhook on the
 * canvas.
 */
export function aiDigestToSlack(
  options: { name?: string; model?: string; webhookId?: string; x?: number; withWait?: boolean } = {},
) {
  const nodes = [
    webhookTrigger('a', options.webhookId ?? '11111111-2222-4333-8444-555555555555', options.x),
    node(
      'Edit Fields',
      'n8n-nodes-base.set',
      { id: 'e', typeVersion: 3.4, parameters: { includeOtherFields: true } },
      200,
    ),
    openAiStep('b', 400, { model: options.model ?? 'gpt-3.5-turbo', content: '={{ $json.body.text }}' }),
    ...(options.withWait ? [waitStep('d', 500, 1)] : []),
    slackPost('c', 600, { channel: 'C0123', text: 'Done', credentialId: '2' }),
  ];
  return {
    name: options.name ?? 'AI digest to Slack',
    nodes,
    connections: chain(...nodes.map((n) => n.name)),
    settings: { executionOrder: 'v1' },
  };
}
