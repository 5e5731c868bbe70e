import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { TestApp } from './embedded-test-app';

const TOOL = join(__dirname, '..', '..', '..', '..', 'tools', 'platform', 'platform.mjs');

/** What a run of the platform's command-line tool printed, and how it exited. */
export interface ToolRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `npm run platform -- <args>` (tools/platform/platform.mjs) as a child process against the test app, with the key. */
export const runPlatformTool = (app: TestApp, args: readonly string[], key: string, cwd?: string) =>
  new Promise<ToolRun>((resolve) => {
    execFile(process.execPath, [TOOL, ...args], { cwd, env: { ...process.env, PLATFORM_URL: app.url, PLATFORM_API_KEY: key } }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
