// Deploy preflight (pure): turns a workflow file as found in the wild into the body n8n's
// `POST /api/v1/workflows` accepts, for one instance's capabilities, and reports every change so
// the member sees what will be dropped or changed and which credentials to set up.
// Rules (docs/decisions/0003-n8n-deploy.md):
// - top level from an allow-list: name (default 'Imported Workflow'), nodes, connections, settings;
//   never pinData (private test data), staticData (the author's trigger state) or read-only fields;
// - node keys the instance accepts, with valid types; credentials as {id: null, name} so n8n binds
//   them by name and type in the member's instance;
// - connections whose source or target node does not exist are removed;
// - settings keys the instance accepts, with valid types (errorWorkflow: null dropped).
// Version-aware repairs (issue 39, decision 0024), for the instance's n8n release:
// - `Start` (removed in 2.x) becomes a Manual Trigger under the same name;
// - duplicate node names are renamed (n8n 2.x refuses them; connections keyed by the name stay with
//   the first node), duplicate or placeholder node ids are regenerated (n8n 2.x refuses shared ids);
// - nodes the release lacks, turns off by default, or that are community nodes are reported in words;
//   so are sub-workflows of the author's n8n that Execute Workflow nodes call (sub-workflow-refs.ts).
// Credentials: the member's chosen credential ids are sent where given (bound at deploy), else
// {id: null, name} for n8n to bind by name.

import { randomUUID } from 'node:crypto';
import { type NodeIssue, nodeAvailability, nodeIssuesFor } from '#server/n8n-releases/node-availability.ts';
import { subWorkflowIssues } from '#server/n8n-releases/sub-workflow-refs.ts';
import { authenticationFor, credentialFor } from '#shared/catalog/credentials.ts';
import { credentialName as credentialLabel } from '#shared/catalog/integrations.ts';
import type { WorkflowNode } from '#shared/catalog/workflow-types.ts';
import { conformsTo, type InstanceCapabilities } from './instance-capabilities.ts';
import { renewWebhookIds } from './webhook-paths.ts';

export const DEFAULT_WORKFLOW_NAME = 'Imported Workflow';
/** n8n refuses workflow names longer than this. */
export const MAX_WORKFLOW_NAME_LENGTH = 128;
export const MAX_NODES = 2_000;
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export type N8nConnection = { node: string; type: string; index: number };
export type N8nCredentialRef = { id: string | null; name: string };
export type N8nNodePayload = Json & {
  name: string;
  type: string;
  typeVersion: number;
  position: number[];
  parameters: Json;
  credentials?: Record<string, N8nCredentialRef>;
};
export type WorkflowPayload = {
  name: string;
  nodes: N8nNodePayload[];
  connections: Record<string, Record<string, N8nConnection[][]>>;
  settings: Json;
};

export type PreflightChangeCode =
  | 'decoded'
  | 'unwrapped'
  | 'name-defaulted'
  | 'name-shortened'
  | 'field-dropped'
  | 'node-dropped'
  | 'node-key-dropped'
  | 'node-key-defaulted'
  | 'duplicate-node-renamed'
  | 'node-id-renewed'
  | 'start-replaced'
  | 'credential-bound'
  | 'connection-dropped'
  | 'setting-dropped'
  | 'setting-kept'
  | 'credential-ids-cleared'
  | 'credential-dropped'
  | 'authentication-set'
  | 'webhook-renewed';

export type PreflightChange = {
  code: PreflightChangeCode;
  message: string;
  /** The field, node key or settings key concerned. */
  key?: string;
  /** Names of the nodes concerned. */
  nodes?: string[];
};

export type RequiredCredential = { type: string; name: string; nodes: string[] };
/** The member's choice for one required credential: an id in their n8n, or null for "set up later". */
export type CredentialBinding = { type: string; name: string; id: string | null; boundName?: string };

export type PreflightResult =
  | {
      ok: true;
      payload: WorkflowPayload;
      changes: PreflightChange[];
      credentials: RequiredCredential[];
      /** Nodes the instance's release lacks, turns off or needs installed (empty when unknown). */
      nodeIssues: NodeIssue[];
      nodeCount: number;
    }
  | { ok: false; reason: string };

export type PreflightOptions = {
  /** The name to deploy under (e.g. the library title); the file's own name otherwise. */
  name?: string;
  /**
   * Give every webhook node a fresh webhookId and a path of its own (webhook-paths.ts), so a second
   * deployment of the same template does not clash on webhook paths in the same instance.
   */
  renewWebhookIds?: boolean;
  /**
   * The node-table release standing for the member's n8n (node-availability.ts `tableReleaseFor`):
   * enables the Start repair and the node report. Without it neither is done.
   */
  release?: string;
  /** Credential ids the member chose (credential picker); the others go as {id: null, name}. */
  credentialBindings?: CredentialBinding[];
};

const FIELDS_SENT = ['name', 'nodes', 'connections', 'settings'] as const;
const FIELD_REASONS: Record<string, string> = {
  pinData: 'pinned test data from the author’s instance is private and older n8n versions reject it',
  staticData: 'it holds the author’s trigger state (e.g. last polled ids)',
};

function reject(reason: string): PreflightResult {
  return { ok: false, reason: `Not an n8n workflow: ${reason}` };
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** Parses text (or accepts a value), undoing double encoding and common wrappers. */
function decode(input: unknown, changes: PreflightChange[]): { value: unknown } | { error: string } {
  let value = input;
  for (let round = 0; typeof value === 'string' && round < 3; round++) {
    let text = value;
    if (text.length > MAX_INPUT_BYTES) return { error: `the file is larger than ${MAX_INPUT_BYTES} bytes` };
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    try {
      value = JSON.parse(text);
    } catch (error) {
      return {
        error:
          round === 0
            ? `the file is not valid JSON (${(error as Error).message})`
            : 'the file holds a string, not JSON',
      };
    }
    if (round > 0) changes.push({ code: 'decoded', message: 'The file was JSON encoded twice; decoded it.' });
  }
  if (Array.isArray(value) && value.length === 1 && isObject(value[0])) {
    changes.push({
      code: 'unwrapped',
      message: 'The file held a list with one workflow; used that workflow.',
    });
    value = value[0];
  }
  if (isObject(value) && !Array.isArray(value.nodes)) {
    for (const wrapper of ['workflow', 'data']) {
      const inner = value[wrapper];
      if (isObject(inner) && Array.isArray(inner.nodes)) {
        changes.push({
          code: 'unwrapped',
          message: `The workflow was wrapped in "${wrapper}"; used the inner workflow.`,
        });
        value = inner;
        break;
      }
    }
  }
  return { value };
}

function explainNotWorkflow(value: unknown): string {
  if (Array.isArray(value)) return `the file is a list of ${plural(value.length, 'item')}, not one workflow`;
  if (!isObject(value)) return `the file holds ${value === null ? 'null' : typeof value}, not an object`;
  const keys = Object.keys(value);
  if (keys.length === 0) return 'the file is an empty object';
  const fragments = keys.filter((k) => /^["{}[\]]/.test(k));
  if (fragments.length > keys.length / 2) {
    return `its keys are fragments of JSON lines (${fragments
      .slice(0, 3)
      .map((k) => JSON.stringify(k))
      .join(', ')}, …), so the original structure is lost`;
  }
  return `it has no "nodes" list (keys: ${keys.slice(0, 5).join(', ')})`;
}

/** Builds the create payload for one instance from a workflow file, and reports what changed. */
export function preflightWorkflow(
  input: unknown,
  capabilities: InstanceCapabilities,
  options: PreflightOptions = {},
): PreflightResult {
  const changes: PreflightChange[] = [];
  const decoded = decode(input, changes);
  if ('error' in decoded) return reject(decoded.error);
  const source = decoded.value;
  if (!isObject(source) || !Array.isArray(source.nodes)) return reject(explainNotWorkflow(source));
  if (source.nodes.length > MAX_NODES)
    return reject(`it has ${source.nodes.length} nodes (at most ${MAX_NODES})`);

  // Top level.
  for (const key of Object.keys(source)) {
    if ((FIELDS_SENT as readonly string[]).includes(key)) continue;
    const value = source[key];
    const empty =
      value === null || value === undefined || (isObject(value) && Object.keys(value).length === 0);
    if (empty && key in FIELD_REASONS) continue;
    const reason =
      FIELD_REASONS[key] ??
      (capabilities.readOnlyWorkflowFields.includes(key)
        ? 'n8n sets it itself'
        : capabilities.workflowFields.includes(key)
          ? 'Flowvault only sends name, nodes, connections and settings'
          : 'this n8n version does not accept it');
    changes.push({ code: 'field-dropped', key, message: `Removed "${key}": ${reason}.` });
  }

  const name = buildName(options.name ?? source.name, changes);
  const nodes = buildNodes(source.nodes, capabilities, changes, options.credentialBindings ?? []);
  if (options.release) replaceStart(nodes.payload, options.release, changes);
  renameDuplicates(nodes.payload, source.connections, changes);
  renewNodeIds(nodes.payload, changes);
  if (options.renewWebhookIds) renewWebhookIds(nodes.payload, changes);
  const names = new Set(nodes.payload.map((n) => n.name));
  const connections = buildConnections(source.connections, names, changes);
  const settings = buildSettings(source.settings, capabilities, changes);

  return {
    ok: true,
    payload: { name, nodes: nodes.payload, connections, settings },
    changes,
    credentials: nodes.credentials,
    nodeIssues: [
      ...(options.release ? nodeIssuesFor(nodes.payload, options.release) : []),
      // Version-independent: the author's sub-workflows are never in the member's n8n as named.
      ...subWorkflowIssues(nodes.payload),
    ],
    nodeCount: nodes.payload.length,
  };
}

/** n8n 2.x removed the `Start` node; a Manual Trigger (same name, so connections hold) replaces it. */
function replaceStart(nodes: N8nNodePayload[], release: string, changes: PreflightChange[]) {
  const replaced: string[] = [];
  for (const node of nodes) {
    if (node.type !== 'n8n-nodes-base.start') continue;
    if (nodeAvailability(node.type, node.typeVersion, release).status !== 'removed') continue;
    node.type = 'n8n-nodes-base.manualTrigger';
    node.typeVersion = 1;
    node.parameters = {};
    replaced.push(node.name);
  }
  if (replaced.length) {
    changes.push({
      code: 'start-replaced',
      nodes: replaced,
      message: `Replaced the old “Start” node with a Manual Trigger (your n8n no longer has Start): ${replaced.join(', ')}.`,
    });
  }
}

/**
 * n8n 2.x refuses two nodes with one name. Connections are keyed by name, so they stay with the first
 * node of that name; the others get n8n's own style of new name ("Set1", "Set2").
 */
function renameDuplicates(nodes: N8nNodePayload[], _connections: unknown, changes: PreflightChange[]) {
  const taken = new Set(nodes.map((n) => n.name));
  const seen = new Set<string>();
  for (const node of nodes) {
    if (!seen.has(node.name)) {
      seen.add(node.name);
      continue;
    }
    const old = node.name;
    let i = 1;
    while (taken.has(`${old}${i}`)) i++;
    node.name = `${old}${i}`;
    taken.add(node.name);
    seen.add(node.name);
    changes.push({
      code: 'duplicate-node-renamed',
      nodes: [node.name],
      message: `Two nodes were called “${old}”; the second is now “${node.name}”. Its connections stay with the first: check them in n8n.`,
    });
  }
}

const PLACEHOLDER_ID = /replace|your[_-]|placeholder|^x+$|<|>|\{\{/i;

/** Shared node ids and placeholders such as `REPLACE_WITH_GITLAB_CRED_ID` get a fresh UUID. */
function renewNodeIds(nodes: N8nNodePayload[], changes: PreflightChange[]) {
  const seen = new Set<string>();
  const renewed: string[] = [];
  for (const node of nodes) {
    if (typeof node.id !== 'string' || node.id === '') continue;
    if (seen.has(node.id) || PLACEHOLDER_ID.test(node.id)) {
      node.id = randomUUID();
      renewed.push(node.name);
    }
    seen.add(node.id as string);
  }
  if (renewed.length) {
    changes.push({
      code: 'node-id-renewed',
      nodes: renewed,
      message: `Gave ${plural(renewed.length, 'node')} a new id (the file repeated an id or used a placeholder): ${renewed.join(', ')}.`,
    });
  }
}

function buildName(raw: unknown, changes: PreflightChange[]): string {
  const trimmed = typeof raw === 'string' ? raw.trim() : '';
  if (!trimmed) {
    changes.push({
      code: 'name-defaulted',
      key: 'name',
      message: `The workflow has no name; it will be called "${DEFAULT_WORKFLOW_NAME}".`,
    });
    return DEFAULT_WORKFLOW_NAME;
  }
  if (trimmed.length > MAX_WORKFLOW_NAME_LENGTH) {
    changes.push({
      code: 'name-shortened',
      key: 'name',
      message: `The name was shortened to ${MAX_WORKFLOW_NAME_LENGTH} characters.`,
    });
    return trimmed.slice(0, MAX_WORKFLOW_NAME_LENGTH).trimEnd();
  }
  return trimmed;
}

const REQUIRED_NODE_DEFAULTS: Record<string, () => unknown> = {
  typeVersion: () => 1,
  position: () => [0, 0],
  parameters: () => ({}),
};

function buildNodes(
  rawNodes: unknown[],
  capabilities: InstanceCapabilities,
  changes: PreflightChange[],
  bindings: CredentialBinding[],
) {
  const bindingFor = (type: string, name: string) =>
    bindings.find((b) => b.type === type && b.name === name && b.id) ?? null;
  const bound = new Map<string, string[]>();
  const bind = (type: string, name: string, nodeName: string): N8nCredentialRef => {
    const chosen = bindingFor(type, name);
    if (!chosen) return { id: null, name };
    const key = `${chosen.boundName ?? name} (${type})`;
    bound.set(key, [...(bound.get(key) ?? []), nodeName]);
    return { id: chosen.id, name: chosen.boundName ?? name };
  };
  const droppedKeys = new Map<string, { nodes: string[]; reason: string }>();
  const defaulted = new Map<string, string[]>();
  const credentialsByKey = new Map<string, RequiredCredential>();
  const credentialDrops: PreflightChange[] = [];
  const authenticationSet: string[] = [];
  let clearedIds = 0;
  const payload: N8nNodePayload[] = [];

  rawNodes.forEach((raw, index) => {
    const label = isObject(raw) && typeof raw.name === 'string' && raw.name ? raw.name : `#${index + 1}`;
    if (!isObject(raw) || typeof raw.type !== 'string' || raw.type === '') {
      changes.push({
        code: 'node-dropped',
        nodes: [label],
        message: `Removed node ${label}: it has no node type.`,
      });
      return;
    }
    const node: Json = {};
    for (const [key, value] of Object.entries(raw)) {
      if (key === 'credentials' && capabilities.nodeKeys.credentials) continue;
      const schema = capabilities.nodeKeys[key];
      if (!schema || !conformsTo(value, schema)) {
        const reason = schema ? 'its value has the wrong type' : 'this n8n version does not accept it';
        const entry = droppedKeys.get(key) ?? { nodes: [], reason };
        entry.nodes.push(label);
        droppedKeys.set(key, entry);
        continue;
      }
      node[key] = value;
    }
    if (typeof node.name !== 'string' || node.name.trim() === '') {
      node.name = `${raw.type.split('.').pop() ?? 'Node'} ${index + 1}`;
      defaulted.set('name', [...(defaulted.get('name') ?? []), node.name as string]);
    }
    for (const [key, make] of Object.entries(REQUIRED_NODE_DEFAULTS)) {
      if (node[key] === undefined && capabilities.nodeKeys[key]) {
        node[key] = make();
        defaulted.set(key, [...(defaulted.get(key) ?? []), node.name as string]);
      }
    }
    const nodeName = node.name as string;

    // `credentials: {}` names nothing: the table says what the node needs, as when it is absent.
    const named = isObject(raw.credentials)
      ? Object.keys(raw.credentials).length > 0
      : raw.credentials !== undefined;
    if (named && capabilities.nodeKeys.credentials) {
      const credentials: Record<string, N8nCredentialRef> = {};
      const entries = isObject(raw.credentials) ? Object.entries(raw.credentials) : [];
      for (const [type, ref] of entries) {
        const credentialName =
          typeof ref === 'string' ? ref : isObject(ref) && typeof ref.name === 'string' ? ref.name : '';
        if (!credentialName.trim()) {
          // No name to bind by (or literal secrets such as {user, password}): never sent. The node
          // still needs a credential of this type: listed, so the member can pick one here.
          const label = credentialLabel(type);
          const mapKey = `${type}\u0000${label}`;
          const required = credentialsByKey.get(mapKey) ?? { type, name: label, nodes: [] };
          required.nodes.push(nodeName);
          credentialsByKey.set(mapKey, required);
          if (bindingFor(type, label)) {
            credentials[type] = bind(type, label, nodeName);
            continue;
          }
          credentialDrops.push({
            code: 'credential-dropped',
            key: type,
            nodes: [nodeName],
            message: `Removed the ${type} credential of ${nodeName}: it names no credential of yours to match; pick one before deploying, or in n8n after.`,
          });
          continue;
        }
        if (isObject(ref) && ref.id !== undefined && ref.id !== null) clearedIds++;
        credentials[type] = bind(type, credentialName, nodeName);
        const mapKey = `${type}\u0000${credentialName}`;
        const required = credentialsByKey.get(mapKey) ?? { type, name: credentialName, nodes: [] };
        required.nodes.push(nodeName);
        credentialsByKey.set(mapKey, required);
      }
      if (Object.keys(credentials).length > 0) node.credentials = credentials;
      // The authentication the named credential implies, made explicit where the file leaves it
      // at a default that depends on the node's version (n8n would ask for another credential).
      for (const type of entries.map(([t]) => t)) {
        const implied = isObject(node.parameters) ? authenticationFor(raw.type, type) : null;
        for (const [key, value] of Object.entries(implied ?? {})) {
          if (isObject(node.parameters) && node.parameters[key] === undefined) {
            node.parameters = { ...node.parameters, [key]: value }; // never the caller's object
            authenticationSet.push(nodeName);
          }
        }
      }
    } else {
      // No entry in the file: the same table as the detail page and set-up steps (decision 0012) says
      // which account the node needs; the member picks it in n8n.
      const needed = credentialFor(raw as WorkflowNode);
      if (needed) {
        const label = credentialLabel(needed);
        const mapKey = `${needed}\u0000${label}`;
        const required = credentialsByKey.get(mapKey) ?? { type: needed, name: label, nodes: [] };
        required.nodes.push(nodeName);
        credentialsByKey.set(mapKey, required);
        // A credential the member picked for a node whose file names none: sent as chosen.
        if (capabilities.nodeKeys.credentials && bindingFor(needed, label))
          node.credentials = { [needed]: bind(needed, label, nodeName) };
      }
    }
    payload.push(node as N8nNodePayload);
  });

  for (const [key, { nodes, reason }] of droppedKeys) {
    changes.push({
      code: 'node-key-dropped',
      key,
      nodes,
      message: `Removed "${key}" from ${plural(nodes.length, 'node')}: ${reason}.`,
    });
  }
  for (const [key, nodes] of defaulted) {
    changes.push({
      code: 'node-key-defaulted',
      key,
      nodes,
      message: `Filled in a missing "${key}" on ${plural(nodes.length, 'node')}.`,
    });
  }
  if (clearedIds > 0) {
    changes.push({
      code: 'credential-ids-cleared',
      message: `Cleared ${plural(clearedIds, 'credential id')} from the author’s instance; n8n binds credentials by name and type.`,
    });
  }
  changes.push(...credentialDrops);
  if (authenticationSet.length) {
    changes.push({
      code: 'authentication-set',
      key: 'authentication',
      nodes: authenticationSet,
      message: `Set how ${plural(authenticationSet.length, 'node')} sign in to match the credential each names (${authenticationSet.join(', ')}); n8n's default differs between node versions.`,
    });
  }
  for (const [credential, nodes] of bound) {
    changes.push({
      code: 'credential-bound',
      nodes,
      message: `Uses your credential ${credential} on ${nodes.join(', ')}.`,
    });
  }
  const credentials = [...credentialsByKey.values()].sort(
    (a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name),
  );
  return { payload, credentials };
}

function buildConnections(
  raw: unknown,
  names: Set<string>,
  changes: PreflightChange[],
): WorkflowPayload['connections'] {
  const result: WorkflowPayload['connections'] = {};
  if (raw === undefined || raw === null) return result;
  if (!isObject(raw)) {
    changes.push({ code: 'connection-dropped', message: 'Removed the connections: they are not an object.' });
    return result;
  }
  const missingSources: string[] = [];
  const missingTargets = new Set<string>();
  let droppedTargets = 0;
  for (const [sourceName, outputs] of Object.entries(raw)) {
    if (!names.has(sourceName)) {
      missingSources.push(sourceName);
      continue;
    }
    if (!isObject(outputs)) continue;
    const byType: Record<string, N8nConnection[][]> = {};
    for (const [outputType, slots] of Object.entries(outputs)) {
      if (!Array.isArray(slots)) continue;
      byType[outputType] = slots.map((slot) => {
        if (!Array.isArray(slot)) return [];
        const kept: N8nConnection[] = [];
        for (const target of slot) {
          if (!isObject(target) || typeof target.node !== 'string' || !names.has(target.node)) {
            droppedTargets++;
            if (isObject(target) && typeof target.node === 'string') missingTargets.add(target.node);
            continue;
          }
          kept.push({
            node: target.node,
            type: typeof target.type === 'string' ? target.type : outputType,
            index: typeof target.index === 'number' && Number.isInteger(target.index) ? target.index : 0,
          });
        }
        return kept;
      });
    }
    result[sourceName] = byType;
  }
  if (missingSources.length > 0) {
    changes.push({
      code: 'connection-dropped',
      nodes: missingSources,
      message: `Removed connections from ${plural(missingSources.length, 'node')} that do not exist: ${missingSources.join(', ')}.`,
    });
  }
  if (droppedTargets > 0) {
    changes.push({
      code: 'connection-dropped',
      nodes: [...missingTargets],
      message: `Removed ${plural(droppedTargets, 'connection')} to nodes that do not exist${
        missingTargets.size ? `: ${[...missingTargets].join(', ')}` : ''
      }.`,
    });
  }
  return result;
}

function buildSettings(raw: unknown, capabilities: InstanceCapabilities, changes: PreflightChange[]): Json {
  const settings: Json = {};
  if (raw === undefined || raw === null) return settings;
  if (!isObject(raw)) {
    changes.push({ code: 'setting-dropped', message: 'Removed the settings: they are not an object.' });
    return settings;
  }
  for (const [key, value] of Object.entries(raw)) {
    const schema = capabilities.settings[key];
    if (!schema) {
      changes.push({
        code: 'setting-dropped',
        key,
        message: `Removed setting "${key}": this n8n version does not accept it.`,
      });
    } else if (!conformsTo(value, schema)) {
      changes.push({
        code: 'setting-dropped',
        key,
        message:
          value === null
            ? `Removed setting "${key}": it is empty.`
            : `Removed setting "${key}": ${JSON.stringify(value)} is not a valid value.`,
      });
    } else {
      settings[key] = value;
      if (key === 'errorWorkflow') {
        changes.push({
          code: 'setting-kept',
          key,
          message:
            'The error workflow setting names a workflow in the author’s instance; point it to one of yours.',
        });
      }
    }
  }
  return settings;
}
