/**
 * `npm run bench:wire`: the bytes a phone downloads for the first screens (issue 8 §3),
 * measured in Chromium against the built server. See bench/README.md ("Bytes over the wire").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  CHANGE_PASSWORD_TITLE,
  NEW_PASSWORD_LABEL,
  POSTS_TITLE,
  REGISTER_TITLE,
} from '../common/messages.ts';
import { BENCH_HOST, findFreePort, waitForOk } from './lib/http.ts';
import { OutputTail, RunResources } from './lib/processes.ts';
import { formatTable } from './lib/report.ts';
import { lodgehallEnv } from './lib/servers.ts';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from '../scripts/chromium.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(repoRoot, 'dist', 'web');
const serverEntry = path.join(repoRoot, 'dist', 'node', 'server', 'main.js');

const DEMO_MEMBER = { username: 'member', password: 'correct-horse-lodge' };
const KB = 1000;

const USAGE = `Usage: npm run bench:wire [-- --verbose] [-- --strict]

Builds (npm run build), starts the built server on a fresh demo database and loads each
screen in Chromium with an empty cache, as a phone opening it for the first time would.
Prints the response bodies' bytes as sent (brotli-compressed, as Chromium asks for br) per
screen, against the goals of issue 8 §3.

  --verbose   list every response of every screen
  --strict    exit 1 when a screen is over its goal
`;

interface Transfer {
  url: string;
  kind: 'html' | 'js' | 'css' | 'api' | 'other';
  encoding: string;
  bodyBytes: number;
}

interface Measured {
  readonly screen: string;
  readonly goalBytes: number | null;
  readonly transfers: readonly Transfer[];
}

function kindOf(url: URL, contentType: string): Transfer['kind'] {
  if (url.pathname.startsWith('/api/')) return 'api';
  if (contentType.includes('javascript')) return 'js';
  if (contentType.includes('text/css')) return 'css';
  if (contentType.includes('text/html')) return 'html';
  return 'other';
}

/**
 * Records every response of the page from now until `stop()`, with its body's size as it
 * came over the wire (compressed), once the page has gone quiet.
 */
function record(page: Page): { stop: () => Promise<Transfer[]> } {
  const transfers: Promise<Transfer>[] = [];
  let inFlight = 0;
  const onRequest = () => {
    inFlight += 1;
  };
  const onDone = () => {
    inFlight -= 1;
  };
  page.on('request', onRequest);
  page.on('requestfailed', onDone);
  page.on('requestfinished', (request) => {
    onDone();
    transfers.push(
      (async () => {
        const response = await request.response();
        const headers = (await response?.allHeaders()) ?? {};
        const sizes = await request.sizes();
        return {
          url: request.url(),
          kind: kindOf(new URL(request.url()), headers['content-type'] ?? ''),
          encoding: headers['content-encoding'] ?? 'identity',
          bodyBytes: sizes.responseBodySize,
        };
      })(),
    );
  });
  return {
    async stop() {
      // Quiet for half a second, as Playwright's networkidle: late chunks count too.
      await page.waitForLoadState('networkidle');
      for (let quietSince = Date.now(); Date.now() - quietSince < 500;) {
        if (inFlight > 0) quietSince = Date.now();
        await page.waitForTimeout(50);
      }
      page.off('request', onRequest);
      page.off('requestfailed', onDone);
      return Promise.all(transfers);
    },
  };
}

async function freshContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
}

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name });
}

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/app/user/signIn`);
  await page.getByLabel('Username').fill(DEMO_MEMBER.username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await page.getByTestId('account-link').waitFor();
}

/** A signed-in member's device with nothing cached: the session stays, the files go. */
async function signedInColdPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await freshContext(browser);
  const page = await context.newPage();
  await signIn(page, baseUrl);
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  return page;
}

async function measure(
  screen: string,
  goalBytes: number | null,
  open: () => Promise<Page>,
  run: (page: Page) => Promise<void>,
): Promise<Measured> {
  const page = await open();
  const recorder = record(page);
  await run(page);
  const transfers = await recorder.stop();
  await page.context().close();
  return { screen, goalBytes, transfers };
}

async function measureAll(browser: Browser, baseUrl: string): Promise<Measured[]> {
  const visitorPage = async () => (await freshContext(browser)).newPage();
  const signedInPage = () => signedInColdPage(browser, baseUrl);
  const results: Measured[] = [];

  results.push(
    await measure('sign-in (/user/signIn)', 150 * KB, visitorPage, async (page) => {
      await page.goto(`${baseUrl}/app/user/signIn`);
      await heading(page, 'Sign In').waitFor();
    }),
  );
  results.push(
    await measure('about (/about)', null, visitorPage, async (page) => {
      await page.goto(`${baseUrl}/app/about`);
      await heading(page, 'About Lodgehall').waitFor();
    }),
  );
  results.push(
    await measure('news, signed in (/news)', 200 * KB, signedInPage, async (page) => {
      await page.goto(`${baseUrl}/app/news`);
      await heading(page, POSTS_TITLE).waitFor();
      await page.getByTestId('post-card').first().waitFor();
    }),
  );
  // The first screen after sign-in on this device: what signing in adds to the sign-in
  // screen's files, which the browser already has.
  results.push(
    await measure(
      'news, right after sign-in (added)',
      null,
      async () => {
        const page = await visitorPage();
        await page.goto(`${baseUrl}/app/news`);
        await heading(page, 'Sign In').waitFor();
        await page.waitForLoadState('networkidle');
        return page;
      },
      async (page) => {
        await page.getByLabel('Username').fill(DEMO_MEMBER.username);
        await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
        await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
        await heading(page, POSTS_TITLE).waitFor();
        await page.getByTestId('post-card').first().waitFor();
      },
    ),
  );
  results.push(
    await measure('change password, before typing', 300 * KB, signedInPage, async (page) => {
      await page.goto(`${baseUrl}/app/password_change_request`);
      await heading(page, CHANGE_PASSWORD_TITLE).waitFor();
    }),
  );
  results.push(
    await measure(
      'change password, typing (added)',
      null,
      async () => {
        const page = await signedInColdPage(browser, baseUrl);
        await page.goto(`${baseUrl}/app/password_change_request`);
        await heading(page, CHANGE_PASSWORD_TITLE).waitFor();
        await page.waitForLoadState('networkidle');
        return page;
      },
      async (page) => {
        await page.getByLabel(NEW_PASSWORD_LABEL, { exact: true }).fill('w');
        await page.locator('[data-testid="password-strength"][data-score]').waitFor();
      },
    ),
  );
  results.push(
    await measure('register, before typing (/register)', 300 * KB, visitorPage, async (page) => {
      await page.goto(`${baseUrl}/app/register`);
      await heading(page, REGISTER_TITLE).waitFor();
    }),
  );
  return results;
}

/** docs/architecture.md §10 states the first screen's budget as gzipped JavaScript: read from the build. */
function gzippedJsBytes(transfers: readonly Transfer[]): number {
  let total = 0;
  for (const transfer of transfers) {
    if (transfer.kind !== 'js') continue;
    const relative = new URL(transfer.url).pathname.replace(/^\/app\//, '');
    const file = path.join(webRoot, relative);
    const gz = `${file}.gz`;
    if (fs.existsSync(gz)) total += fs.statSync(gz).size;
    else if (fs.existsSync(file)) total += fs.statSync(file).size;
  }
  return total;
}

function kb(bytes: number): string {
  return (bytes / KB).toFixed(1);
}

function report(results: readonly Measured[], verbose: boolean): boolean {
  const header = [
    'screen',
    'verdict',
    'total KB',
    'goal KB',
    'requests',
    'JS KB',
    'CSS KB',
    'API KB',
    'other KB',
    'JS gzip KB',
  ];
  const rows: string[][] = [];
  let allMet = true;
  const uncompressed: string[] = [];
  for (const result of results) {
    const sum = (kind?: Transfer['kind']) =>
      result.transfers
        .filter((transfer) => kind === undefined || transfer.kind === kind)
        .reduce((total, transfer) => total + transfer.bodyBytes, 0);
    const total = sum();
    const met = result.goalBytes === null || total <= result.goalBytes;
    allMet &&= met;
    rows.push([
      result.screen,
      result.goalBytes === null ? '' : met ? 'PASS' : 'OVER',
      kb(total),
      result.goalBytes === null ? '' : kb(result.goalBytes),
      String(result.transfers.length),
      kb(sum('js')),
      kb(sum('css')),
      kb(sum('api')),
      kb(sum('html') + sum('other')),
      kb(gzippedJsBytes(result.transfers)),
    ]);
    for (const transfer of result.transfers) {
      const text = ['html', 'js', 'css'].includes(transfer.kind);
      if (text && transfer.encoding === 'identity' && transfer.bodyBytes > 1024) {
        uncompressed.push(`${result.screen}: ${transfer.url}`);
      }
    }
  }
  process.stdout.write(`${formatTable(header, rows)}\n`);
  process.stdout.write(
    '\nKB = 1,000 bytes of response bodies as sent (compressed), headers not counted; cold cache\n' +
      'unless the screen says "added". JS gzip KB: the same scripts gzipped, for docs/architecture.md §10\n' +
      "(the first screen's JavaScript within 200 KB gzipped).\n",
  );
  if (uncompressed.length > 0) {
    allMet = false;
    process.stdout.write(
      `\nSent uncompressed:\n${uncompressed.map((line) => `  ${line}`).join('\n')}\n`,
    );
  }
  if (verbose) {
    for (const result of results) {
      process.stdout.write(`\n${result.screen}\n`);
      for (const transfer of result.transfers) {
        const where = new URL(transfer.url);
        process.stdout.write(
          `  ${kb(transfer.bodyBytes).padStart(8)}  ${transfer.encoding.padEnd(8)}  ${where.pathname}${where.search}\n`,
        );
      }
    }
  }
  return allMet;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const unknown = args.filter((arg) => !['--verbose', '--strict'].includes(arg));
  if (unknown.length > 0) {
    process.stderr.write(`Unknown option ${unknown.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  for (const needed of [serverEntry, path.join(webRoot, 'index.html')]) {
    if (!fs.existsSync(needed)) {
      process.stderr.write(`${path.relative(repoRoot, needed)} is missing: run npm run build.\n`);
      return 2;
    }
  }

  const resources = new RunResources();
  const stopOnSignal = () => {
    void resources.stopAll().then(() => process.exit(130));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  process.once('exit', () => resources.killAllNow());
  let browser: Browser | undefined;
  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-wire-'));
    resources.ownFolder(dataDir);
    const port = await findFreePort();
    const baseUrl = `http://${BENCH_HOST}:${port}`;
    const output = new OutputTail();
    const child = resources.spawn(process.execPath, [serverEntry], {
      cwd: repoRoot,
      env: lodgehallEnv({
        PORT: String(port),
        HOST: BENCH_HOST,
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    await waitForOk(baseUrl, '/readyz', 120_000, () => child.exitCode === null).catch(
      (error: unknown) => {
        throw new Error(`${String(error)}\n--- server output ---\n${output.text()}`);
      },
    );

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: HEADLESS_CHROMIUM_ARGS,
    });
    const results = await measureAll(browser, baseUrl);
    const met = report(results, args.includes('--verbose'));
    return met || !args.includes('--strict') ? 0 : 1;
  } finally {
    await browser?.close();
    await resources.stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
