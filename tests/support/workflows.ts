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
