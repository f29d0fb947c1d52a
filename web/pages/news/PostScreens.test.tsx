import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EDIT_POST,
  NOT_FOUND_TITLE,
  OK,
  TRY_AGAIN,
  VISIBILITY,
  VISIBILITY_AUTHORS_ONLY,
} from '../../../common/messages.ts';
import type { Post, PostAnswer } from '../../../common/schemas/post.ts';
import { queryClient } from '../../http/client.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { OkDialogHost } from '../../components/OkDialog.tsx';
import { fakeApi, respond, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { EditPostPage } from './EditPostPage.tsx';
import { PostDetailPage } from './PostDetailPage.tsx';

const fetchMock = vi.fn<typeof fetch>();
const L1 = { id: 11, name: 'Harmony Lodge No. 412', subdomain: 'harmony412', avatar: null };

function party(id: number): NonNullable<Post['party']> {
  return {
    id,
    first_name: 'Ray',
    middle_name: null,
    last_name: 'Kowalski',
    suffix: null,
    preferred_name: null,
    display_name: 'Ray Kowalski',
    avatar: null,
  };
}

/** What the server answers its author (99) and an admin: they may edit and delete it (D58). */
const MAY_CHANGE = { abilities: { edit: true, delete: true } };

function answer(overrides: Partial<Post> = {}): PostAnswer {
  return {
    data: {
      post: {
        id: 5,
        type: 'PartyPost',
        subject: null,
        short_body: 'Hello',
        post_body_id: 5,
        created_at: 1,
        last_activity_at: 1,
        club: L1,
        party: party(99),
        photos: [],
        access: 'CLUB',
        allows_comments: false,
        comment_container: { id: 50, comment_count: 0 },
        appeal_post_task_token_url: null,
        abilities: { edit: false, delete: false },
        ...overrides,
      },
      post_body: { id: 5, body: '<p>Hello</p>' },
    },
  };
}

const emptyComments = respond(200, {
  data: { comment_container: { id: 50, comment_count: 0, allows_comments: false, comments: [] } },
});

function renderAt(path: string, entries: string[] = [path]) {
  const router = createMemoryRouter(
    [
      { path: '/news', element: <p>The posts</p> },
      { path: '/news/:id', element: <PostDetailPage /> },
      { path: '/news/:id/edit', element: <EditPostPage /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <OkDialogHost />
    </>,
  );
  return router;
}

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('the Edit Post screen (ERR-60, PERM-12, AMB-44)', () => {
  it('shows no message of its own when loading fails, only the way back and Try again', async () => {
    resetSessionForTests({ status: 'signedIn', user: testUser({ party_id: 99 }) });
    fetchMock.mockImplementation(
      fakeApi({ 'GET /posts/5.json': respond(422, { type: 'x/unprocessable', status: 422 }) }),
    );
    renderAt('/news/5/edit');
    expect(await screen.findByRole('button', { name: TRY_AGAIN })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Posts' }).getAttribute('href')).toBe('/news');
    fetchMock.mockImplementation(
      fakeApi({ 'GET /posts/5.json': respond(200, answer(MAY_CHANGE)) }),
    );
    fireEvent.click(screen.getByRole('button', { name: TRY_AGAIN }));
    expect(await screen.findByRole('heading', { name: EDIT_POST })).toBeTruthy();
    expect(await screen.findByLabelText(VISIBILITY)).toBeTruthy();
  });

  it('shows the 404 page to a member PERM-12 does not let change the post', async () => {
    resetSessionForTests({ status: 'signedIn', user: testUser({ party_id: 7 }) });
    fetchMock.mockImplementation(fakeApi({ 'GET /posts/5.json': respond(200, answer()) }));
    renderAt('/news/5/edit');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: EDIT_POST })).toBeNull();
  });

  it('gives an admin the form, with another member’s Visibility shown read-only', async () => {
    resetSessionForTests({ status: 'signedIn', user: testUser({ party_id: 1, is_admin: true }) });
    fetchMock.mockImplementation(
      fakeApi({ 'GET /posts/5.json': respond(200, answer(MAY_CHANGE)) }),
    );
    renderAt('/news/5/edit');
    const visibility = (await screen.findByLabelText(VISIBILITY)) as HTMLSelectElement;
    expect(visibility.disabled).toBe(true);
    expect(visibility.value).toBe('11');
    expect(screen.getByText(VISIBILITY_AUTHORS_ONLY)).toBeTruthy();
  });
});

describe('deleting a post (POST-19)', () => {
  it('replaces the post’s history entry with /news, so Back does not lead to its 404', async () => {
    resetSessionForTests({ status: 'signedIn', user: testUser({ party_id: 99 }) });
    fetchMock.mockImplementation(
      fakeApi({
        'GET /posts/5.json': respond(200, answer(MAY_CHANGE)),
        'GET /comment_containers/50.json': emptyComments,
        'DELETE /posts/5': respond(204, null),
      }),
    );
    const router = renderAt('/news/5', ['/news', '/news/5']);
    const detail = await screen.findByTestId('post-detail');
    fireEvent.click(within(detail).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: OK }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
