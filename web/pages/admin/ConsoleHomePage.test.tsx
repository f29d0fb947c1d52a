import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONSOLE_TITLE,
  DOWNLOAD_CSV,
  EXPORT_DONE,
  EXPORT_FAILED,
  FIRST_START_SECRETARY,
  FIRST_START_TITLE,
  NOT_FOUND_TITLE,
  OPEN_AUDIT,
  OPEN_DUES,
  OPEN_IMPORT,
  OPEN_INVITATIONS,
  OPEN_OFFICERS,
  OPEN_ROSTER,
} from '../../../common/messages.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { consoleApi, HARMONY, scopeAnswer, testSecretary } from './console-fixtures.ts';
import { exportFileName } from './ExportSection.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function calls(path: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url).includes(path));
}

describe('the console home (/admin, issue 23)', () => {
  it('shows a secretary the menu link, their lodge and the sections that work', async () => {
    resetSessionForTests({ status: 'signedIn', user: testSecretary() });
    fetchMock.mockImplementation(consoleApi({}));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: CONSOLE_TITLE })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: CONSOLE_TITLE })[0]?.getAttribute('href')).toBe(
      '/admin',
    );
    expect(screen.getByTestId('console-clubs').textContent).toContain(HARMONY.name);
    expect(screen.getByRole('link', { name: OPEN_ROSTER }).getAttribute('href')).toBe(
      '/admin/members',
    );
    expect(screen.getByRole('link', { name: OPEN_IMPORT }).getAttribute('href')).toBe(
      '/admin/import',
    );
    expect(screen.getByRole('link', { name: OPEN_OFFICERS }).getAttribute('href')).toBe(
      '/admin/officers',
    );
    expect(screen.getByRole('link', { name: OPEN_INVITATIONS }).getAttribute('href')).toBe(
      '/admin/invitations',
    );
    expect(screen.getByRole('link', { name: OPEN_DUES }).getAttribute('href')).toBe('/admin/dues');
    expect(screen.getByRole('link', { name: OPEN_AUDIT }).getAttribute('href')).toBe(
      '/admin/audit',
    );
    expect(screen.getByRole('button', { name: DOWNLOAD_CSV })).toBeTruthy();
    // Headings in order: one h1, then each section's h2.
    const levels = within(screen.getByRole('main'))
      .getAllByRole('heading')
      .map((h) => h.tagName);
    expect(levels[0]).toBe('H1');
    expect(levels.slice(1).every((tag) => tag === 'H2')).toBe(true);
  });

  it('is the 404 page, with no menu link and no call, for a member who may not use it', async () => {
    resetSessionForTests({ status: 'signedIn', user: testUser() });
    fetchMock.mockImplementation(consoleApi({}));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(screen.queryByRole('link', { name: CONSOLE_TITLE })).toBeNull();
    expect(calls('/admin/scope.json')).toHaveLength(0);
  });

  it('on a first start tells a secretary with no lodge what to do, and offers no sections', async () => {
    resetSessionForTests({ status: 'signedIn', user: testSecretary() });
    fetchMock.mockImplementation(consoleApi({}, scopeAnswer({ organizations: [], clubs: [] })));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: FIRST_START_TITLE })).toBeTruthy();
    expect(screen.getByText(FIRST_START_SECRETARY)).toBeTruthy();
    expect(screen.queryByRole('link', { name: OPEN_ROSTER })).toBeNull();
    expect(screen.queryByRole('button', { name: DOWNLOAD_CSV })).toBeNull();
  });

  it('on a first start lists an administrator the steps in order', async () => {
    resetSessionForTests({
      status: 'signedIn',
      user: testUser({ is_admin: true, abilities: { use_console: true } }),
    });
    fetchMock.mockImplementation(
      consoleApi({}, scopeAnswer({ is_admin: true, organizations: [], clubs: [] })),
    );
    renderApp('/admin');
    const firstStart = await screen.findByTestId('console-first-start');
    const steps = within(firstStart)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps[0]).toMatch(/organisation/);
    expect(steps[1]).toMatch(/lodges/);
    expect(steps[2]).toMatch(/roster/);
  });

  it('downloads the lodge’s CSV through the signed client and says where it went', async () => {
    resetSessionForTests({ status: 'signedIn', user: testSecretary() });
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/roster_export.csv': () =>
          new Response('member_number,first_name\n1,Walter\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv' },
          }),
      }),
    );
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:roster';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/admin');
    fireEvent.click(await screen.findByRole('button', { name: DOWNLOAD_CSV }));
    expect((await screen.findByTestId('export-done')).textContent).toBe(EXPORT_DONE);
    const [url, init] = calls('/admin/roster_export.csv')[0] ?? [];
    expect(String(url)).toContain('organization_id=1');
    expect(String(url)).toContain(`club_id=${HARMONY.id}`);
    expect(new Headers(init?.headers).get('Accept')).toBe('text/csv');
    expect(await created[0]?.text()).toBe('member_number,first_name\n1,Walter\n');
    expect(clicked).toHaveBeenCalledOnce();
  });

  it('says plainly when the download failed', async () => {
    resetSessionForTests({ status: 'signedIn', user: testSecretary() });
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/roster_export.csv': () =>
          new Response(JSON.stringify({ type: 'x/forbidden', status: 403 }), { status: 403 }),
      }),
    );
    renderApp('/admin');
    fireEvent.click(await screen.findByRole('button', { name: DOWNLOAD_CSV }));
    await waitFor(() =>
      expect(screen.getByTestId('export-failed').textContent).toContain(EXPORT_FAILED),
    );
  });

  it('names the file after the lodge and the day', () => {
    expect(exportFileName('harmony412', new Date('2026-11-28T12:00:00Z'))).toBe(
      'roster-harmony412-2026-11-28.csv',
    );
    expect(exportFileName('Grand Lodge of Ohio F&AM', new Date('2026-11-28T12:00:00Z'))).toBe(
      'roster-grand-lodge-of-ohio-f-am-2026-11-28.csv',
    );
  });
});
