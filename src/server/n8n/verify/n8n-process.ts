// A real n8n for `npm run verify:n8n`: installed from the npm registry into a cache folder outside
// the repository (never a dependency of the project), started on loopback with a fresh user folder,
// an owner account and an API key made through its own REST API (decision 0018).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** The newest n8n 2.x that installs here (2.41.3 depends on a package the registry does not serve). */
export const DEFAULT_N8N_VERSION = '2.40.7';
/** The last 1.x line Flowvault was first verified on; `--version 1.123.81` still runs it. */
export const N8N_1X_VERSION = '1.123.81';

/** n8n 1.x's spreadsheet node names a tarball outside the npm registry; the registry's last xlsx stands in. */
const OVERRIDES_1X = { xlsx: '0.18.5' };

/** Where installs live: FLOWVAULT_N8N_DIR (e.g. /var/tmp/flowvault-n8n), else ~/.cache/flowvault. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.FLOWVAULT_N8N_DIR || path.join(homedir(), '.cache', 'flowvault');
}

export function cacheDirFor(version: string, root = cacheRoot()): string {
  return path.join(root, `n8n-${version}`);
}

const binOf = (dir: string) => path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');

function installedVersion(dir: string): string | null {
  try {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'node_modules', 'n8n', 'package.json'), 'utf8'));
    return typeof pkg.version === 'string' ? pkg.version : null;
  } catch {
    return null;
  }
}

/**
 * The headers of the Node running this script, so sqlite3 builds for it without downloading them:
 * the `node` dev dependency ships them next to its binary (node_modules/node/node_modules/node-<os>-<cpu>).
 */
export function nodeHeadersDir(execPath = process.execPath): string | null {
  const up = path.resolve(path.dirname(execPath), '..');
  const candidates = [
    up,
    path.join(up, 'node_modules', `node-${process.platform}-${process.arch}`),
    path.join(up, '..', `node-${process.platform}-${process.arch}`),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, 'include', 'node', 'common.gypi'))) ?? null;
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; onTick?: (elapsedMs: number) => void },
) {
  return new Promise<void>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let tail = '';
    child.stderr.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4_000);
    });
    const tick = options.onTick
      ? setInterval(() => options.onTick?.(performance.now() - started), 20_000)
      : null;
    child.on('error', (error) => {
      if (tick) clearInterval(tick);
      reject(error);
    });
    child.on('exit', (code) => {
      if (tick) clearInterval(tick);
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${tail}`));
    });
  });
}

const countPackages = (dir: string) => {
  try {
    return readdirSync(path.join(dir, 'node_modules')).length;
  } catch {
    return 0;
  }
};

/**
 * Installs n8n@version into its cache folder unless it is there; returns how long that took (0 = cached).
 * Install scripts are skipped (n8n 2.x pulls in a Kafka client whose script downloads from outside and
 * fails here); the one native module n8n needs on SQLite, sqlite3, is then rebuilt for the Node running
 * this script, from the headers it ships.
 */
export async function ensureN8nInstalled(
  version: string,
  options: { dir?: string; log?: (line: string) => void } = {},
): Promise<number> {
  const dir = options.dir ?? cacheDirFor(version);
  const log = options.log ?? (() => undefined);
  if (installedVersion(dir) === version && existsSync(path.join(dir, '.flowvault-ready'))) return 0;
  const started = performance.now();
  mkdirSync(dir, { recursive: true });
  const manifest = {
    name: 'flowvault-n8n-cache',
    private: true,
    ...(version.startsWith('1.') ? { overrides: OVERRIDES_1X } : {}),
  };
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // The Node running this script (24) goes first on PATH so native modules build for it.
  const env = {
    ...process.env,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
  };
  const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
  if (installedVersion(dir) !== version) {
    log(`1/2 npm install n8n@${version} (scripts skipped; several minutes on a busy machine)`);
    await run(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-audit',
        '--no-fund',
        '--omit=dev',
        '--ignore-scripts',
        `n8n@${version}`,
      ],
      { cwd: dir, env, onTick: (ms) => log(`    … ${seconds(ms)}, ${countPackages(dir)} packages so far`) },
    );
    if (installedVersion(dir) !== version) throw new Error(`n8n ${version} did not install into ${dir}`);
  }
  const headers = nodeHeadersDir();
  log(
    `2/2 npm rebuild sqlite3 for Node ${process.versions.node}${headers ? ` (headers in ${headers})` : ''}`,
  );
  await run('npm', ['rebuild', 'sqlite3', ...(headers ? [`--nodedir=${headers}`] : [])], {
    cwd: dir,
    env,
    onTick: (ms) => log(`    … ${seconds(ms)}`),
  });
  writeFileSync(path.join(dir, '.flowvault-ready'), `${version}\n`);
  return performance.now() - started;
}

export type RunningN8n = {
  url: string;
  version: string;
  apiKey: string;
  /** Starts a manual-trigger workflow through the editor's REST API (the owner's session). */
  runManually(workflowId: string): Promise<string | null>;
  stop(): Promise<void>;
};

const OWNER = { email: 'verify@flowvault.invalid', firstName: 'Flowvault', lastName: 'Verification' };

async function waitHealthy(url: string, child: ChildProcess, log: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`n8n exited (${child.exitCode}) while starting:\n${log()}`);
    try {
      // Readiness comes before the REST routes are mounted: wait until /rest answers (401 is fine).
      const ready = await fetch(`${url}/healthz/readiness`);
      if (ready.ok && (await fetch(`${url}/rest/settings`)).status !== 404) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`n8n did not become ready within ${timeoutMs / 1000} s:\n${log()}`);
}

async function rest(url: string, route: string, init: { method?: string; body?: unknown; cookie?: string }) {
  const response = await fetch(`${url}/rest${route}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) {
    // n8n's JSON error carries a stack trace: keep its message only.
    let message = text.slice(0, 500);
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // not JSON
    }
    throw new Error(`${response.status}: ${message}`);
  }
  return { json: JSON.parse(text) as { data: unknown }, cookie: response.headers.get('set-cookie') ?? '' };
}

/** Starts n8n on 127.0.0.1:port with a throw-away user folder, then an owner and an API key. */
export async function startN8n(options: {
  version: string;
  port: number;
  dir?: string;
}): Promise<RunningN8n> {
  const dir = options.dir ?? cacheDirFor(options.version);
  const userFolder = path.join(dir, `run-${process.pid}-${randomBytes(3).toString('hex')}`);
  mkdirSync(userFolder, { recursive: true });
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [binOf(dir), 'start'], {
    cwd: userFolder,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: userFolder,
      N8N_USER_FOLDER: userFolder,
      N8N_PORT: String(options.port),
      N8N_LISTEN_ADDRESS: '127.0.0.1',
      N8N_HOST: '127.0.0.1',
      N8N_PROTOCOL: 'http',
      WEBHOOK_URL: `${url}/`,
      N8N_SECURE_COOKIE: 'false',
      N8N_DIAGNOSTICS_ENABLED: 'false',
      N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
      N8N_TEMPLATES_ENABLED: 'false',
      N8N_PERSONALIZATION_ENABLED: 'false',
      N8N_HIRING_BANNER_ENABLED: 'false',
      N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
      N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
      N8N_LOG_LEVEL: 'warn',
      GENERIC_TIMEZONE: 'UTC',
      EXECUTIONS_MODE: 'regular',
      N8N_RUNNERS_ENABLED: 'false',
      // n8n 2.x always starts its task-runner broker (default port 5679): one per instance, so two
      // instances on one machine need their own.
      N8N_RUNNERS_BROKER_PORT: String(options.port + 10_000),
      N8N_BLOCK_ENV_ACCESS_IN_NODE: 'true',
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-6_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([
        new Promise((r) => child.once('exit', r)),
        new Promise((r) => setTimeout(r, 15_000)),
      ]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(userFolder, { recursive: true, force: true });
  };
  try {
    await waitHealthy(url, child, () => output, 240_000);
    const password = `Fv-${randomBytes(12).toString('base64url')}9`;
    const owner = await rest(url, '/owner/setup', { method: 'POST', body: { ...OWNER, password } });
    const cookie = owner.cookie.split(';')[0] ?? '';
    const scopes = (await rest(url, '/api-keys/scopes', { cookie })).json.data as string[];
    const created = await rest(url, '/api-keys', {
      method: 'POST',
      cookie,
      body: { label: 'flowvault-verify', expiresAt: null, scopes },
    });
    const apiKey = (created.json.data as { rawApiKey: string }).rawApiKey;
    const settings = await rest(url, '/settings', { cookie });
    const version = (settings.json.data as { versionCli?: string }).versionCli ?? options.version;
    return {
      url,
      version,
      apiKey,
      async runManually(workflowId) {
        const workflow = (await rest(url, `/workflows/${workflowId}`, { cookie })).json.data as {
          nodes: { name: string; type: string }[];
        };
        const trigger = workflow.nodes.find((n) => /manualTrigger$|\.start$/.test(n.type));
        const result = await rest(url, `/workflows/${workflowId}/run`, {
          method: 'POST',
          cookie,
          body: {
            workflowData: workflow,
            ...(trigger ? { triggerToStartFrom: { name: trigger.name } } : {}),
          },
        });
        return (result.json.data as { executionId?: string }).executionId ?? null;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export const isInstalled = (version: string) => existsSync(binOf(cacheDirFor(version)));
