/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import {
  CHECK_FILE,
  confirmStatusButton,
  CONSOLE_TITLE,
  IMPORT_DONE,
  IMPORT_TITLE,
  importButton,
  MEMBER_SEARCH_LABEL,
  NEW_STATUS,
  NOT_FOUND_TITLE,
  OPEN_IMPORT,
  OPEN_ROSTER,
  ROSTER_CAPTION,
  ROSTER_TITLE,
  SAVE_STATUS,
  SEARCH_ROSTER,
  STATUS_DATE,
  STATUS_SAVED,
} from '../common/messages.ts';
import type { RosterImport } from '../common/schemas/console.ts';
import { MEMBER, SECRETARY, WEBMASTER } from '../server/db/seed/personas.ts';
import {
  apiSignIn,
  fitsAPhone,
  heading,
  openAs,
  seriousAxeViolations,
  shootConsole,
} from './support.ts';

/**
 * The console in the browser (issue 23, first part) against the seeded server: S, secretary of
 * Harmony Lodge No. 412, imports a file with one bad row, reads the error, fixes it and imports;
 * M then finds the new member in the directory's search. S changes a member's status. W and M
 * see no console. Axe on every console screen, and at 390 px nothing scrolls sideways but the
 * roster's own table.
 *
 * CONSOLE_SHOTS=/tmp/shots saves each screen at 390 and 1280 px for a person to look at.
 */

const HEADER = 'member_number,first_name,last_name,birth_date,club';

/** A member number of the demo organisation's rule (6 to 8 digits) no other run has used. */
function freshNumber(): string {
  return `9${String(Date.now() % 1_000_000).padStart(6, '0')}`;
}

/** A surname no seeded member has, so one search finds only this test's member. */
function freshSurname(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let name = 'Q';
  for (
    let n = Date.now() + Math.floor(Math.random() * 1e6);
    name.length < 8;
    n = Math.floor(n / 26)
  ) {
    name += letters[n % 26];
  }
  return name;
}

async function chooseCsv(page: Page, text: string): Promise<void> {
  await page.getByTestId('import-file-input').setInputFiles({
    name: 'roster.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
}

test.describe('the console (issue 23)', () => {
  test('S imports a file with one bad row, fixes it and imports; M finds the new member in search', async ({
    page,
    browser,
  }) => {
    const number = freshNumber();
    const surname = freshSurname();
    const good = `${number},Ezra,${surname},1951-04-12,harmony412`;
    const bad = `${String(Number(number) + 1)},Jonas,${surname},1951-02-31,harmony412`;
    const fixed = `${String(Number(number) + 1)},Jonas,${surname},1951-02-28,harmony412`;

    await openAs(page, SECRETARY.username, '/app/admin');
    await expect(heading(page, CONSOLE_TITLE)).toBeVisible();
    await expect(
      page.getByRole('navigation').first().getByRole('link', { name: CONSOLE_TITLE }),
    ).toBeVisible();
    expect(await seriousAxeViolations(page), 'console home').toEqual([]);
    await fitsAPhone(page);
    await shootConsole(page, '1-home');

    await page.getByRole('link', { name: OPEN_IMPORT }).click();
    await expect(heading(page, IMPORT_TITLE)).toBeVisible();
    await expect(heading(page, IMPORT_TITLE)).toBeFocused();
    expect(await seriousAxeViolations(page), 'import').toEqual([]);
    await shootConsole(page, '2-import');

    // The check finds the bad date on line 3, in the birth_date column, and holds the import.
    await chooseCsv(page, `${HEADER}\n${good}\n${bad}\n`);
    await page.getByRole('button', { name: CHECK_FILE }).click();
    const errorRow = page.getByTestId('import-error');
    await expect(errorRow).toHaveCount(1);
    await expect(errorRow.getByRole('cell').nth(0)).toHaveText('3');
    await expect(errorRow.getByRole('cell').nth(1)).toHaveText('birth_date');
    await expect(page.getByTestId('import-commit')).toBeDisabled();
    expect(await seriousAxeViolations(page), 'check with an error').toEqual([]);
    await fitsAPhone(page);
    await shootConsole(page, '3-import-error');

    // Fixed: a clean check offers the import of both members.
    await chooseCsv(page, `${HEADER}\r\n${good}\r\n${fixed}\r\n`);
    await page.getByRole('button', { name: CHECK_FILE }).click();
    const commit = page.getByRole('button', { name: importButton(2) });
    await expect(commit).toBeEnabled();
    await expect(page.getByTestId('import-error')).toHaveCount(0);
    await shootConsole(page, '4-import-clean');
    await commit.click();
    await expect(page.getByTestId('import-done')).toHaveText(IMPORT_DONE);
    expect(await seriousAxeViolations(page), 'import done').toEqual([]);
    await shootConsole(page, '5-import-done');

    // The roster has them.
    await page.getByRole('link', { name: OPEN_ROSTER }).click();
    await expect(heading(page, ROSTER_TITLE)).toBeVisible();
    await page.getByRole('searchbox', { name: SEARCH_ROSTER }).fill(surname);
    const table = page.getByRole('table', { name: ROSTER_CAPTION });
    await expect(table.getByTestId('roster-row')).toHaveCount(2);
    await expect(table.getByRole('link', { name: `Ezra ${surname}` })).toBeVisible();
    expect(await seriousAxeViolations(page), 'roster').toEqual([]);
    await fitsAPhone(page);
    await shootConsole(page, '6-roster');

    // M, another member of the lodge, finds Ezra in the directory's search.
    const context = await browser.newContext();
    const memberPage = await context.newPage();
    try {
      await openAs(memberPage, MEMBER.username, '/app/parties/search');
      await memberPage
        .getByRole('searchbox', { name: MEMBER_SEARCH_LABEL })
        .fill(`Ezra ${surname}`);
      await expect(
        memberPage
          .getByTestId('member-search-results')
          .getByRole('link', { name: new RegExp(surname) })
          .first(),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('S changes a member’s status after reading what it does', async ({ page, baseURL }) => {
    // A member of S's lodge of this test's own, imported over the API.
    const secretary = await apiSignIn(baseURL ?? '', SECRETARY.username);
    const scope = await secretary.call<{ data: { organizations: { id: number }[] } }>(
      'GET',
      '/admin/scope.json',
    );
    const organizationId = scope.data.organizations[0]?.id ?? 0;
    const surname = freshSurname();
    const started = await secretary.call<{ data: { import: RosterImport } }>(
      'POST',
      '/admin/roster_imports.json',
      {
        organization_id: organizationId,
        dry_run: false,
        csv: `${HEADER}\n${freshNumber()},Amos,${surname},1948-07-04,harmony412\n`,
      },
    );
    await expect
      .poll(async () => {
        const job = await secretary.call<{ data: { import: RosterImport } }>(
          'GET',
          `/admin/roster_imports/${started.data.import.id}.json`,
        );
        return job.data.import.committed;
      })
      .toBe(true);

    await openAs(
      page,
      SECRETARY.username,
      `/app/admin/members?organization_id=${organizationId}&q=${surname}`,
    );
    await page.getByRole('link', { name: `Amos ${surname}` }).click();
    await expect(heading(page, `Amos ${surname}`)).toBeVisible();
    expect(await seriousAxeViolations(page), 'member record').toEqual([]);
    await fitsAPhone(page);
    await shootConsole(page, '7-member');

    await page.getByLabel(NEW_STATUS).selectOption('demitted');
    await page.getByLabel(STATUS_DATE).fill('2026-11-01');
    await page.getByRole('button', { name: SAVE_STATUS }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('signed out');
    await expect(dialog).toContainText('directory');
    expect(await seriousAxeViolations(page), 'status confirmation').toEqual([]);
    await shootConsole(page, '8-confirm');
    await dialog.getByRole('button', { name: confirmStatusButton('demitted') }).click();
    await expect(page.getByTestId('status-saved')).toHaveText(STATUS_SAVED);
    await expect(page.getByTestId('member-standing')).toContainText('Demitted');
    await expect(page.getByTestId('member-standing')).toContainText('November 1, 2026');
    await shootConsole(page, '9-status-saved');
  });

  for (const persona of [WEBMASTER, MEMBER]) {
    test(`${persona.username} has no console link, and /app/admin is not found`, async ({
      page,
    }) => {
      await openAs(page, persona.username, '/app/calendar');
      await expect(
        page.getByRole('navigation').first().getByRole('link', { name: 'Calendar' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: CONSOLE_TITLE })).toHaveCount(0);
      await page.goto('/app/admin');
      await expect(heading(page, NOT_FOUND_TITLE)).toBeVisible();
      // The server agrees: the console's API refuses them.
      const client = await apiSignIn(test.info().project.use.baseURL ?? '', persona.username);
      expect((await client.request('GET', '/admin/scope.json')).status).toBe(403);
    });
  }
});
