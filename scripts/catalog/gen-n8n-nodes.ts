// Builds src/shared/catalog/n8n-nodes.json: what n8n itself publishes about its nodes, per n8n version we
// support (decision 0018), and src/shared/catalog/n8n-node-params.json: for the newest of those versions, the
// parameters a template may leave for the member to fill (decision 0026). For each version it reads, from the npm registry, the exact
// n8n-nodes-base and @n8n/n8n-nodes-langchain that this n8n release depends on (`dist/types/nodes.json`)
// and the default NODES_EXCLUDE of its @n8n/config. Nothing is installed: `npm pack` fetches the tarballs
// into ~/.cache/flowvault/n8n-meta. Run it when a new n8n release should be supported:
//   npm run gen:n8n-nodes -- 1.123.81 2.40.7
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { ControlParam, LocatorMode, ParamSet, SetupParam } from '#server/n8n/setup-fields.ts';
import type { N8nNode } from '#shared/catalog/n8n-nodes.ts';

const DEFAULT_VERSIONS = ['1.123.81', '2.40.7'];
const versions = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_VERSIONS;
const CACHE = path.join(homedir(), '.cache', 'flowvault', 'n8n-meta');
mkdirSync(CACHE, { recursive: true });

type Option = { name?: string; value?: unknown; description?: string; action?: string };
type Mode = {
  name: string;
  displayName?: string;
  type?: string;
  placeholder?: string;
  extractValue?: { type?: string; regex?: string };
  validation?: { type?: string; properties?: { regex?: string; errorMessage?: string } }[];
};
type Property = {
  name: string;
  displayName?: string;
  type?: string;
  default?: unknown;
  required?: boolean;
  description?: string;
  placeholder?: string;
  options?: Option[];
  typeOptions?: { loadOptionsMethod?: string; password?: boolean; rows?: number };
  modes?: Mode[];
  displayOptions?: { show?: Record<string, unknown[]>; hide?: Record<string, unknown[]> };
};
type Description = {
  name: string;
  displayName: string;
  description?: string;
  group?: string[];
  version: number | number[];
  hidden?: boolean;
  usableAsTool?: boolean;
  credentials?: { name: string; required?: boolean }[];
  codex?: { categories?: string[]; subcategories?: Record<string, string[]>; alias?: string[] };
  properties?: Property[];
};

const npm = (args: string[]) => execFileSync('npm', args, { cwd: CACHE, encoding: 'utf8' }).trim();

/** Unpacks name@version into the cache (once) and returns the package folder. */
function fetchPackage(name: string, version: string): string {
  const dir = path.join(CACHE, `${name.replace('/', '+')}@${version}`);
  if (existsSync(path.join(dir, 'package', 'package.json'))) return path.join(dir, 'package');
  mkdirSync(dir, { recursive: true });
  const tarball = npm(['pack', `${name}@${version}`, '--silent', '--pack-destination', dir])
    .split('\n')
    .pop();
  execFileSync('tar', ['-xzf', path.join(dir, tarball as string), '-C', dir]);
  return path.join(dir, 'package');
}

function dependenciesOf(version: string): Record<string, string> {
  return JSON.parse(npm(['view', `n8n@${version}`, 'dependencies', '--json']));
}

/** The default of NODES_EXCLUDE in @n8n/config's compiled nodes config (empty where it has none). */
function defaultExcluded(configDir: string): string[] {
  const file = path.join(configDir, 'dist', 'configs', 'nodes.config.js');
  if (!existsSync(file)) return [];
  const m = /this\.exclude\s*=\s*\[([^\]]*)\]/.exec(readFileSync(file, 'utf8'));
  return m ? [...(m[1] as string).matchAll(/'([^']+)'|"([^"]+)"/g)].map((x) => (x[1] ?? x[2]) as string) : [];
}

const read = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'dist/types/nodes.json'), 'utf8')) as Description[];

const nodes: Record<string, N8nNode> = {};

const params: Record<string, ParamSet[]> = {};
const modeTable: LocatorMode[] = [];
const modeIndex = new Map<string, number>();
function internMode(mode: LocatorMode): number {
  const key = JSON.stringify(mode);
  let index = modeIndex.get(key);
  if (index === undefined) {
    index = modeTable.push(mode) - 1;
    modeIndex.set(key, index);
  }
  return index;
}
const RESOURCE_NAME = /(Id|Ids)$|sheet|document|spreadsheet|base|table|channel|chat|calendar|folder|email/i;
const ASKABLE = new Set(['string', 'resourceLocator', 'options']);
// Emoji dropped: pages draw icons, never emoji (tests/server/no-emoji.test.ts).
const plainText = (html = '') =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/ like \p{Emoji_Presentation}|\p{Emoji_Presentation}|\uFE0F/gu, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 240);

/** The top-level parameters worth asking for: required, a resource locator, or named like a resource id. */
function setupParams(d: Description): ParamSet {
  const props = d.properties ?? [];
  const kept: SetupParam[] = [];
  for (const p of props) {
    const type = p.type ?? '';
    if (!ASKABLE.has(type)) continue;
    if (type === 'options' && !p.typeOptions?.loadOptionsMethod) continue;
    if (p.typeOptions?.password) continue;
    const resource = type === 'resourceLocator' || RESOURCE_NAME.test(p.name);
    // A required parameter with a default of its own is never left empty by omission.
    const emptyByDefault = p.default === undefined || p.default === '' || p.default === null;
    if (!(resource || (p.required && emptyByDefault))) continue;
    const param: SetupParam = { name: p.name, label: p.displayName ?? p.name };
    if (type !== 'string') param.type = type;
    if (p.required) param.required = true;
    if (p.description) param.description = plainText(p.description);
    if (p.default !== undefined && p.default !== '' && typeof p.default !== 'object')
      param.default = p.default;
    if (p.placeholder) param.placeholder = p.placeholder;
    if (p.typeOptions?.loadOptionsMethod) param.loadsOptions = true;
    if (type === 'resourceLocator')
      param.modes = (p.modes ?? []).map((m) => {
        const mode: LocatorMode = { name: m.name, displayName: m.displayName ?? m.name };
        const regex = m.validation?.find((v) => v.type === 'regex')?.properties?.regex;
        if (regex) mode.regex = regex;
        if (m.extractValue?.type === 'regex' && m.extractValue.regex) mode.extract = m.extractValue.regex;
        if (m.placeholder && m.type !== 'list') mode.placeholder = m.placeholder;
        return internMode(mode);
      });
    if (p.displayOptions?.show) param.show = p.displayOptions.show;
    if (p.displayOptions?.hide) param.hide = p.displayOptions.hide;
    kept.push(param);
  }
  // The parameters the kept ones' visibility depends on, and the ones theirs depends on, in turn.
  const wanted = new Set<string>();
  const want = (o?: { show?: Record<string, unknown[]>; hide?: Record<string, unknown[]> }) => {
    for (const key of [...Object.keys(o?.show ?? {}), ...Object.keys(o?.hide ?? {})])
      if (!key.startsWith('@')) wanted.add(key.replace(/^\//, ''));
  };
  for (const p of kept) want(p);
  const controls: ControlParam[] = [];
  const done = new Set<string>();
  while ([...wanted].some((w) => !done.has(w))) {
    for (const name of [...wanted].filter((w) => !done.has(w))) {
      done.add(name);
      for (const p of props.filter((q) => q.name === name)) {
        const control: ControlParam = { name, default: p.default ?? null };
        if (p.displayOptions?.show) control.show = p.displayOptions.show;
        if (p.displayOptions?.hide) control.hide = p.displayOptions.hide;
        controls.push(control);
        want(p.displayOptions);
      }
    }
  }
  return { versions: [d.version].flat(), params: kept, controls };
}
const releases: Record<string, { nodesBase: string; langchain: string; excludedByDefault: string[] }> = {};
const sortedUnique = (xs: Iterable<string>) => [...new Set(xs)].sort();

for (const n8nVersion of versions) {
  const deps = dependenciesOf(n8nVersion);
  const base = deps['n8n-nodes-base'];
  const langchain = deps['@n8n/n8n-nodes-langchain'];
  const config = deps['@n8n/config'];
  if (!base || !langchain) throw new Error(`n8n@${n8nVersion} names no node packages`);
  console.log(`n8n ${n8nVersion}: n8n-nodes-base ${base}, @n8n/n8n-nodes-langchain ${langchain}`);
  releases[n8nVersion] = {
    nodesBase: base,
    langchain,
    excludedByDefault: config ? defaultExcluded(fetchPackage('@n8n/config', config)) : [],
  };
  for (const [prefix, list] of [
    ['n8n-nodes-base.', read(fetchPackage('n8n-nodes-base', base))],
    ['@n8n/n8n-nodes-langchain.', read(fetchPackage('@n8n/n8n-nodes-langchain', langchain))],
  ] as const) {
    for (const d of list) {
      const type = `${prefix}${d.name}`;
      if (n8nVersion === versions.at(-1)) {
        const set = setupParams(d);
        if (set.params.length) params[type] = [...(params[type] ?? []), set];
      }
      const typeVersions = [d.version].flat();
      const entry: N8nNode = nodes[type] ?? {
        displayName: d.displayName,
        description: d.description ?? '',
        trigger: false,
        aliases: [],
        categories: [],
        credentials: [],
        usableAsTool: false,
        hidden: false,
        versions: {},
        resources: [],
        operations: [],
        events: [],
      };
      // The newest release's and newest type version's words win; lists are unions.
      entry.displayName = d.displayName;
      if (d.description) entry.description = d.description;
      entry.trigger ||= (d.group ?? []).includes('trigger');
      entry.hidden = Boolean(d.hidden);
      entry.usableAsTool ||= Boolean(d.usableAsTool);
      entry.aliases = sortedUnique([...entry.aliases, ...(d.codex?.alias ?? [])]);
      entry.categories = sortedUnique([
        ...entry.categories,
        ...(d.codex?.categories ?? []),
        ...Object.values(d.codex?.subcategories ?? {}).flat(),
      ]);
      entry.credentials = sortedUnique([...entry.credentials, ...(d.credentials ?? []).map((c) => c.name)]);
      entry.versions[n8nVersion] = [
        ...new Set([...(entry.versions[n8nVersion] ?? []), ...typeVersions]),
      ].sort((a, b) => a - b);
      const resources = new Map(entry.resources);
      const operations = new Map(entry.operations.map((o) => [`${o[0]}\u0000${o[1]}`, o]));
      const events = new Map(entry.events.map((e) => [`${e[0]}\u0000${e[1]}`, e]));
      for (const p of d.properties ?? []) {
        if (p.type !== 'options' && p.type !== 'multiOptions') continue;
        const options = (p.options ?? []).filter((o) => typeof o.value === 'string' && o.name);
        if (p.name === 'resource')
          for (const o of options) resources.set(o.value as string, o.name as string);
        else if (p.name === 'operation') {
          const on = (p.displayOptions?.show?.resource as string[] | undefined) ?? [''];
          for (const r of on)
            for (const o of options)
              operations.set(`${r}\u0000${o.value}`, [
                r,
                o.value as string,
                o.name as string,
                o.action ?? '',
              ]);
        } else if (entry.trigger && /^(event|events|updates|trigger|triggerOn)$/.test(p.name))
          for (const o of options)
            events.set(`${p.name}\u0000${o.value}`, [p.name, o.value as string, o.name as string]);
      }
      entry.resources = [...resources].sort(([a], [b]) => a.localeCompare(b));
      entry.operations = [...operations.values()].sort((a, b) =>
        `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`),
      );
      entry.events = [...events.values()].sort((a, b) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`));
      nodes[type] = entry;
    }
  }
}

const out = path.resolve(import.meta.dirname, '../../src/shared/catalog/n8n-nodes.json');
const sorted = Object.fromEntries(Object.entries(nodes).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(out, `${JSON.stringify({ releases, nodes: sorted })}\n`);
// Written in the repository's format so `npm run lint` agrees with a fresh generation.
execFileSync(path.resolve(import.meta.dirname, '../../node_modules/.bin/biome'), ['format', '--write', out]);
const size = Math.round(readFileSync(out).length / 1024);
console.log(`${Object.keys(sorted).length} node types over n8n ${versions.join(', ')} → ${out} (${size} KB)`);

const paramsOut = path.resolve(import.meta.dirname, '../../src/shared/catalog/n8n-node-params.json');
const sortedParams = Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(
  paramsOut,
  // "%" as \u0025: n8n descriptions hold examples such as a percentage off a price, which the price check
  // would take for a stray discount; the parsed text is the same.
  `${JSON.stringify({ release: versions.at(-1), modes: modeTable, nodes: sortedParams }).replaceAll('%', '\\u0025')}\n`,
);
// Left compact (biome.json skips it): formatted it would pass biome's 1 MiB file limit.
const paramsSize = Math.round(readFileSync(paramsOut).length / 1024);
console.log(
  `set-up parameters of ${Object.keys(sortedParams).length} node types (n8n ${versions.at(-1)}) → ${paramsOut} (${paramsSize} KB)`,
);
