import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CHECK_FILE,
  COUNT_UPDATED_DONE,
  FILE_REFUSED,
  FILE_REQUIRED,
  FILE_TOO_LARGE,
  IMPORT_BLOCKED,
  IMPORT_DONE,
  IMPORT_START_FAILED,
  importButton,
  NOTHING_TO_IMPORT,
  OPEN_ROSTER,
  ROW_ERRORS_CAPTION,
  rowErrorsTitle,
} from '../../../common/messages.ts';
import { ROSTER_IMPORT_MAX_BODY_BYTES } from '../../../common/schemas/console.ts';
import type { RosterImport, RosterImportRequest } from '../../../common/schemas/console.ts';
import { ApiError } from '../../http/client.ts';
import { respond } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { consoleApi, signedInSecretaryWithFetch, testImport } from './console-fixtures.ts';
import { importStartError } from './ImportPage.tsx';

const fetchMock = signedInSecretaryWithFetch();
const CSV =
  'member_number,first_name,last_name,birth_date,club\n9001,Ann,Lee,1950-03-31,harmony412\n';

function posts(): RosterImportRequest[] {
  return fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        String(url).includes('/admin/roster_imports.json') && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as RosterImportRequest);
}

function answer(job: RosterImport) {
  return respond(200, { data: { import: job } });
}

/** A check answered as running, then (when polled) as `check`; an import done as `result`. */
function api(check: RosterImport, result?: RosterImport) {
  fetchMock.mockImplementation(
    consoleApi({
      'POST /admin/roster_imports.json': () =>
        posts().at(-1)?.dry_run === false && result
          ? answer({ ...result, id: 4, state: 'running', processed_rows: 0 })
          : answer({ ...check, state: 'running', processed_rows: 1, committed: false }),
      [`GET /admin/roster_imports/${check.id}.json`]: answer(check),
      ...(result ? { 'GET /admin/roster_imports/4.json': answer({ ...result, id: 4 }) } : {}),
    }),
  );
}

function chooseFile(text = CSV) {
  const input = screen.getByTestId('import-file-input');
  fireEvent.change(input, {
    target: { files: [new File([text], 'roster.csv', { type: 'text/csv' })] },
  });
}

describe('the roster import (/admin/import, issue 23)', () => {
  it('explains the format, then asks for a file before checking', async () => {
    api(testImport());
    renderApp('/admin/import');
    const help = await screen.findByTestId('import-help');
    for (const column of ['member_number', 'first_name', 'last_name', 'birth_date', 'club']) {
      expect(within(help).getByText(column)).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: CHECK_FILE }));
    expect(await screen.findByText(FILE_REQUIRED)).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('checks the file, follows its progress, lists every row error and holds the import back', async () => {
    api(
      testImport({
        added: 1,
        errors: [{ line: 3, column: 'birth_date', message: 'Not a real date.' }],
      }),
    );
    renderApp('/admin/import');
    await screen.findByTestId('import-help');
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: CHECK_FILE }));
    // The POST answers "running": the bar shows until the poll brings the result.
    expect(await screen.findByTestId('import-progress')).toBeTruthy();
    const table = await screen.findByRole('table', { name: ROW_ERRORS_CAPTION }, { timeout: 5000 });
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['3', 'birth_date', 'Not a real date.']);
    expect(screen.getByRole('heading', { name: rowErrorsTitle(1) })).toBeTruthy();
    const commit = screen.getByRole('button', { name: importButton(1) });
    expect(commit.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(IMPORT_BLOCKED)).toBeTruthy();
    expect(posts()).toEqual([{ organization_id: 1, dry_run: true, csv: CSV }]);
  });

  it('imports after a clean check, then says so and leads to the roster', async () => {
    api(
      testImport({ added: 1, updated: 1, unchanged: 3 }),
      testImport({ dry_run: false, added: 1, updated: 1, unchanged: 3, committed: true }),
    );
    renderApp('/admin/import');
    await screen.findByTestId('import-help');
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: CHECK_FILE }));
    const commit = await screen.findByRole('button', { name: importButton(2) }, { timeout: 5000 });
    expect(within(screen.getByTestId('import-counts')).getByText('3')).toBeTruthy();
    await waitFor(() => expect(commit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(commit);
    expect((await screen.findByTestId('import-done', {}, { timeout: 5000 })).textContent).toBe(
      IMPORT_DONE,
    );
    expect(screen.getByRole('link', { name: OPEN_ROSTER }).getAttribute('href')).toBe(
      '/admin/members?organization_id=1',
    );
    expect(posts().map((post) => post.dry_run)).toEqual([true, false]);
    // Once written, the counts say what happened.
    expect(within(screen.getByTestId('import-counts')).getByText(COUNT_UPDATED_DONE)).toBeTruthy();
  });

  it('refuses a file over the server’s limit before sending it', async () => {
    api(testImport());
    renderApp('/admin/import');
    await screen.findByTestId('import-help');
    const huge = new File(['x'], 'roster.csv', { type: 'text/csv' });
    Object.defineProperty(huge, 'size', { value: ROSTER_IMPORT_MAX_BODY_BYTES + 1 });
    fireEvent.change(screen.getByTestId('import-file-input'), { target: { files: [huge] } });
    fireEvent.click(screen.getByRole('button', { name: CHECK_FILE }));
    expect(await screen.findByText(FILE_TOO_LARGE)).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('says so when the file changes nothing', async () => {
    api(testImport({ added: 0, unchanged: 2 }));
    renderApp('/admin/import');
    await screen.findByTestId('import-help');
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: CHECK_FILE }));
    expect((await screen.findByTestId('import-nothing', {}, { timeout: 5000 })).textContent).toBe(
      NOTHING_TO_IMPORT,
    );
    expect(screen.queryByTestId('import-commit')).toBeNull();
  });

  it('shows a refused file plainly', async () => {
    api(testImport({ state: 'failed', failure: 'The file has no header row.' }));
    renderApp('/admin/import');
    await screen.findByTestId('import-help');
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: CHECK_FILE }));
    const refused = await screen.findByTestId('import-refused', {}, { timeout: 5000 });
    expect(refused.textContent).toContain(FILE_REFUSED);
    expect(refused.textContent).toContain('The file has no header row.');
    expect(screen.queryByTestId('import-commit')).toBeNull();
  });
});

describe('why an import could not start', () => {
  it('gives the server’s words for a conflict, a plain line for a body too large or no answer', () => {
    expect(
      importStartError(
        new ApiError({ kind: 'http', status: 409, problemTitle: 'An import is already running.' }),
      ),
    ).toEqual(['An import is already running.']);
    expect(importStartError(new ApiError({ kind: 'http', status: 413 }))).toEqual([FILE_TOO_LARGE]);
    expect(importStartError(new ApiError({ kind: 'network', status: 0 }))).toEqual([
      IMPORT_START_FAILED,
    ]);
  });
});
