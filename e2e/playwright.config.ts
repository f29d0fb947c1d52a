import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from '../scripts/chromium.ts';

/**
 * Browser tests (docs/architecture.md §9): Debian's Chromium against the built server on a fresh,
 * seeded database. This config never builds; run `npm run build` first (CI does).
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);

// Playwright loads this file in the runner and again in every worker; the workers inherit
// the runner's environment, so the data folder is made once per run, and the runner alone
// removes it when it exits (after it has stopped the server).
const inRunner = process.env.LODGEHALL_E2E_DATA_DIR === undefined;
process.env.LODGEHALL_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'lodgehall-e2e-'));
const dataDir = process.env.LODGEHALL_E2E_DATA_DIR;
if (inRunner && process.env.E2E_KEEP_DATA !== 'true') {
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(repoRoot, 'test-results'),
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A test that passes only on its retry fails the run (D10): the retry is there to tell a flaky
  // test from a broken one in the report, never to let either land.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  workers: 2,
  // Limits, not waits: a state that never comes still fails, only later. Sized for two cores
  // shared with other work (D10): at a load of 19 the longest test took 37 s.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [
        ['list'],
        ['html', { open: 'never', outputFolder: path.join(repoRoot, 'playwright-report') }],
      ]
    : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // A failed test keeps its trace (actions, DOM snapshots, network, console) without the
    // trace's filmstrip: recording a screenshot of every frame took about 40% of the step's
    // CPU (D60). The failure's own screenshot is still taken.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: HEADLESS_CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node dist/node/server/main.js',
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      // Every browser test signs in from 127.0.0.1; a real hall's limit would stop the suite.
      SIGN_IN_LIMIT_PER_ADDRESS: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
