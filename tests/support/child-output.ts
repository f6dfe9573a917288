import type { ChildProcess } from 'node:child_process';

/** Collects a spawned process's stdout and stderr (spawned with stdio pipes) and its exit code. */
export function watchChild(child: ChildProcess) {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exited, output: () => ({ stdout, stderr }) };
}
