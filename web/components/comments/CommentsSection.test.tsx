import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADD_A_COMMENT,
  CANCEL,
  COMMENT_POSTED,
  COMMENT_HIDDEN,
  COMMENTS_LOAD_FAILED,
  CONFIRM_DELETE_COMMENT,
  ERROR_CREATING_COMMENT,
  ERROR_DELETING_COMMENT,
  ERROR_HIDING_COMMENT,
  ERROR_TITLE,
  ERROR_UPDATING_COMMENT,
  NO_COMMENTS_YET,
  OK,
  POST_COMMENT,
  REPLY_POSTED,
  TRY_AGAIN,
} from '../../../common/messages.ts';
import type { Comment, CommentContainer } from '../../../common/schemas/comment.ts';
import { queryClient } from '../../http/client.ts';
import { commentKeys } from '../../api/comments.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { OkDialogHost } from '../OkDialog.tsx';
import { clearOkDialogs } from '../ok-dialog-store.ts';
import { fakeApi, respond, testParty, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CommentsSection } from './CommentsSection.tsx';

const CONTAINER_ID = 5;
const ME = 7;
const OTHER = 8;
const fetchMock = vi.fn<typeof fetch>();

function comment(id: number, overrides: Partial<Comment> = {}): Comment {
  const partyId = overrides.party_id ?? OTHER;
  const name = overrides.party_name ?? 'William Joseph Harper Jr.';
  const fields: Omit<Comment, 'abilities'> = {
    id,
    comment: `Comment ${id}`,
    party_id: partyId,
    party_name: name,
    party: testParty(partyId, name),
    elapsed_time: '2 hours ago',
    created_at: 0,
    is_hidden: 0,
    can_edit: false,
    can_hide: false,
    can_unhide: false,
    can_delete: false,
    children: [],
    ...overrides,
  };
  // The server sends the can_* answers again as `abilities` (D58).
  return {
    ...fields,
    abilities: overrides.abilities ?? {
      edit: fields.can_edit,
      hide: fields.can_hide,
      unhide: fields.can_unhide,
      delete: fields.can_delete,
    },
  };
}

function mine(id: number, overrides: Partial<Comment> = {}): Comment {
  return comment(id, {
    party_id: ME,
    party_name: 'Daniel Thomas Whitfield',
    can_edit: true,
    can_hide: true,
    can_delete: true,
    ...overrides,
  });
}

function containerOf(comments: Comment[], overrides: Partial<CommentContainer> = {}) {
  const count = (list: Comment[]): number =>
    list.reduce((sum, item) => sum + 1 + count(item.children), 0);
  return {
    id: CONTAINER_ID,
    comment_count: count(comments),
    allows_comments: true,
    comments,
    ...overrides,
  };
}

function answer(container: CommentContainer) {
  return respond(200, { data: { comment_container: container } });
}

/** Renders the section on a route, with the cache already holding `container` when given. */
function renderSection(
  container: CommentContainer | null,
  { allowsComments = true, state }: { allowsComments?: boolean; state?: unknown } = {},
) {
  if (container) queryClient.setQueryData(commentKeys.container(CONTAINER_ID), container);
  const router = createMemoryRouter(
    [
      {
        path: '/news/:id',
        element: (
          <>
            <CommentsSection containerId={CONTAINER_ID} allowsComments={allowsComments} />
            <OkDialogHost />
          </>
        ),
      },
    ],
    { initialEntries: [{ pathname: '/news/1', state }] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

/** The elements scrollIntoView was called on (the test setup makes it a mock). */
function scrolledTo(): unknown[] {
  return vi.mocked(HTMLElement.prototype.scrollIntoView).mock.contexts;
}

function commentArticle(name: string | RegExp) {
  return screen.getByRole('article', { name });
}

beforeEach(() => {
  vi.mocked(HTMLElement.prototype.scrollIntoView).mockClear();
  clearOkDialogs();
  queryClient.clear();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('the comment tree (CMT-01, CMT-02, AMB-30)', () => {
  it('nests replies in lists with backgrounds alternating by depth', () => {
    const deep = comment(4, { comment: 'Depth three' });
    const tree = [
      comment(1, {
        comment: 'Depth zero',
        children: [
          comment(2, {
            comment: 'Depth one',
            children: [comment(3, { comment: 'Depth two', children: [deep] })],
          }),
        ],
      }),
    ];
    renderSection(containerOf(tree));
    expect(screen.getByRole('heading', { level: 2, name: 'Comments (4)' })).toBeTruthy();
    const articles = screen.getAllByTestId('comment');
    expect(articles.map((article) => article.getAttribute('data-depth'))).toEqual([
      '0',
      '1',
      '2',
      '3',
    ]);
    const [zero, one, two, three] = articles;
    expect(zero?.className).toBe(two?.className);
    expect(one?.className).toBe(three?.className);
    expect(zero?.className).not.toBe(one?.className);
    // Each reply sits in a list inside its parent's list item.
    const outer = screen.getAllByRole('list')[0];
    const firstItem = outer ? within(outer).getAllByRole('listitem')[0] : undefined;
    expect(firstItem && within(firstItem).getByText('Depth two')).toBeTruthy();
    expect(screen.getAllByRole('list')).toHaveLength(4);
  });

  it('stops indenting after a few levels, and the deeper replies say whom they answer', () => {
    let tree = comment(5, { party_name: 'Depth Five', comment: 'five' });
    for (let id = 4; id >= 0; id -= 1) {
      tree = comment(id + 100, { party_name: `Depth ${id}`, children: [tree] });
    }
    renderSection(containerOf([tree]));
    const hints = screen.getAllByText(/^In reply to /).map((hint) => hint.textContent);
    expect(hints).toEqual(['In reply to Depth 3', 'In reply to Depth 4']);
  });

  it('shows the author, the elapsed time as given, and the text as plain text', () => {
    renderSection(containerOf([comment(1, { comment: 'Line one\nLine two <b>not bold</b>' })]));
    const article = commentArticle(/William Joseph Harper Jr\./);
    expect(within(article).getByText('William Joseph Harper Jr.')).toBeTruthy();
    expect(within(article).getByText('2 hours ago')).toBeTruthy();
    const text = within(article).getByTestId('comment-text');
    expect(text.textContent).toBe('Line one\nLine two <b>not bold</b>');
    expect(text.querySelector('b')).toBeNull();
  });

  it('shows the hidden text in place of a hidden comment, with no Edit or Hide (CMT-09, CMT-10)', () => {
    renderSection(containerOf([mine(1, { is_hidden: 1, can_unhide: true, can_delete: false })]));
    const article = commentArticle(/Daniel/);
    expect(within(article).getByTestId('comment-text').textContent).toBe(COMMENT_HIDDEN);
    expect(within(article).queryByText('Comment 1')).toBeNull();
    expect(within(article).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(article).queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(within(article).getByRole('button', { name: 'Unhide' })).toBeTruthy();
  });

  it('offers Unhide on a hidden comment only when the server says so (PERM-10)', () => {
    // Another member's hidden comment: the server says no, whoever the viewer is.
    const { unmount } = renderSection(containerOf([comment(1, { is_hidden: 1 })]));
    expect(screen.queryByRole('button', { name: 'Unhide' })).toBeNull();
    unmount();
    // As it answers an admin: yes, though the comment is not theirs.
    renderSection(containerOf([comment(1, { is_hidden: 1, can_unhide: true })]));
    expect(screen.getByRole('button', { name: 'Unhide' })).toBeTruthy();
  });

  it('shows the actions the server allows (PERM-10, PERM-11)', () => {
    renderSection(
      containerOf([mine(1, { can_delete: false, children: [comment(2)] }), comment(3)]),
    );
    const own = commentArticle(/Daniel/);
    const names = within(own)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['Reply', 'Edit', 'Hide']);
    const theirs = screen.getAllByRole('article', { name: /William/ })[0];
    expect(
      theirs &&
        within(theirs)
          .getAllByRole('button')
          .map((b) => b.textContent),
    ).toEqual(['Reply']);
  });

  it('shows the empty state and the count (0)', () => {
    renderSection(containerOf([]));
    expect(screen.getByText(NO_COMMENTS_YET)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comments (0)' })).toBeTruthy();
  });

  it('shows comments read-only when comments are off (AMB-34)', () => {
    renderSection(containerOf([comment(1)]), { allowsComments: false });
    expect(screen.queryByLabelText(ADD_A_COMMENT)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.getByText('Comment 1')).toBeTruthy();
  });

  it('takes the container’s allows_comments too (AMB-34)', () => {
    renderSection(containerOf([comment(1)], { allows_comments: false }));
    expect(screen.queryByLabelText(ADD_A_COMMENT)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });
});

describe('loading', () => {
  it('shows a spinner, then the comments', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (release = resolve)));
    renderSection(null);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    release(answer(containerOf([comment(1)])));
    expect(await screen.findByText('Comment 1')).toBeTruthy();
  });

  it('shows a message and Try again when loading fails', async () => {
    fetchMock.mockImplementation(fakeApi({}));
    renderSection(null);
    expect(await screen.findByText(COMMENTS_LOAD_FAILED)).toBeTruthy();
    fetchMock.mockImplementation(
      fakeApi({ [`GET /comment_containers/${CONTAINER_ID}.json`]: answer(containerOf([])) }),
    );
    fireEvent.click(screen.getByRole('button', { name: TRY_AGAIN }));
    expect(await screen.findByText(NO_COMMENTS_YET)).toBeTruthy();
  });
});

describe('the comment form (CMT-03, CMT-04, CMT-05, CMT-08, CMT-11, VAL-10, VAL-11)', () => {
  it('keeps Submit off while blank, sends the comment and shows the answer', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (release = resolve)));
    renderSection(containerOf([]));
    const field = screen.getByLabelText(ADD_A_COMMENT);
    const submit = screen.getByRole('button', { name: POST_COMMENT });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: '   ' } });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: ' Count me in ' } });
    expect(submit).toHaveProperty('disabled', false);
    fireEvent.click(submit);
    // While it runs, every control is off (CMT-11).
    await waitFor(() => expect(field).toHaveProperty('disabled', true));
    expect(screen.getByRole('button', { name: POST_COMMENT })).toHaveProperty('disabled', true);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/comments$/);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      comment: { comment_container_id: CONTAINER_ID, parent_id: null, comment: 'Count me in' },
    });
    release(answer(containerOf([mine(10, { comment: 'Count me in' })])));
    const article = await screen.findByRole('article', { name: /Daniel/ });
    expect(within(article).getByTestId('comment-text').textContent).toBe('Count me in');
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeTruthy();
    const emptied = screen.getByLabelText(ADD_A_COMMENT);
    expect((emptied as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('button', { name: POST_COMMENT })).toHaveProperty('disabled', true);
    expect(emptied).toHaveProperty('disabled', false);
    // Issue 8 §5: the new comment is brought into view, lit up and focused, and it is said.
    await waitFor(() => expect(document.activeElement).toBe(article));
    expect(article.getAttribute('data-highlighted')).toBe('true');
    expect(scrolledTo()).toContain(article);
    expect(screen.getByTestId('comment-posted-status').textContent).toBe(COMMENT_POSTED);
  });

  it('brings the new comment into view among many, and says so again for a second one (issue 8 §5)', async () => {
    const many = Array.from({ length: 30 }, (_, index) => comment(index + 1));
    fetchMock
      .mockResolvedValueOnce(answer(containerOf([...many, mine(40, { comment: 'First' })])))
      .mockResolvedValueOnce(
        answer(
          containerOf([
            ...many,
            mine(40, { comment: 'First' }),
            // Someone else's comment in the same answer is not the one to show.
            comment(41, { comment: 'Meanwhile' }),
            mine(42, { comment: 'Second' }),
          ]),
        ),
      );
    renderSection(containerOf(many));
    const status = screen.getByTestId('comment-posted-status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');
    for (const [text, id] of [
      ['First', 40],
      ['Second', 42],
    ] as const) {
      fireEvent.change(screen.getByLabelText(ADD_A_COMMENT), { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: POST_COMMENT }));
      await waitFor(() => expect(status.textContent).toBe(''));
      const posted = await waitFor(() => {
        const element = document.getElementById(`comment-${id}`);
        expect(element?.getAttribute('data-highlighted')).toBe('true');
        return element;
      });
      expect(document.activeElement).toBe(posted);
      expect(scrolledTo().at(-1)).toBe(posted);
      expect(status.textContent).toBe(COMMENT_POSTED);
    }
    // The first one's light went out when the second was posted; only the new one is lit.
    expect(document.querySelectorAll('[data-highlighted]')).toHaveLength(1);
  });

  it('opens a reply form under the comment with focus, and sends parent_id', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'POST /comments': answer(
          containerOf([comment(1, { children: [mine(11, { comment: 'A reply' })] })]),
        ),
      }),
    );
    renderSection(containerOf([comment(1)]));
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    const form = screen.getByTestId('reply-form');
    const field = within(form).getByLabelText(/Your reply to William/);
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.change(field, { target: { value: 'A reply' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post Reply' }));
    await waitFor(() => expect(screen.queryByTestId('reply-form')).toBeNull());
    expect(screen.getByText('A reply')).toBeTruthy();
    // Issue 8 §5: the new reply is lit up and focused, and it is said.
    const reply = document.getElementById('comment-11');
    await waitFor(() => expect(reply?.getAttribute('data-highlighted')).toBe('true'));
    expect(document.activeElement).toBe(reply);
    expect(screen.getByTestId('comment-posted-status').textContent).toBe(REPLY_POSTED);
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as {
      comment: { parent_id: number };
    };
    expect(body.comment.parent_id).toBe(1);
  });

  it('turns the comment into a prefilled form for Edit, and Cancel closes it', async () => {
    renderSection(containerOf([mine(1, { comment: 'Old words' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByTestId('edit-form');
    const field = within(form).getByRole<HTMLTextAreaElement>('textbox');
    expect(field.value).toBe('Old words');
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.click(within(form).getByRole('button', { name: CANCEL }));
    expect(screen.queryByTestId('edit-form')).toBeNull();
    expect(screen.getByText('Old words')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' }));
  });

  it('sends an edit with PUT and shows the new text', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'PUT /comments/1': answer(containerOf([mine(1, { comment: 'New words' })])) }),
    );
    renderSection(containerOf([mine(1, { comment: 'Old words' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByTestId('edit-form');
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'New words' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('edit-form')).toBeNull());
    expect(screen.getByTestId('comment-text').textContent).toBe('New words');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      comment: { comment_id: 1, comment: 'New words' },
    });
  });

  it('shows 422 field errors under the field, joined with commas (ERR-28)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'POST /comments': respond(422, {
          type: 'https://lodgehall.org/problems/unprocessable-entity-error',
          status: 422,
          errors: { comment: ['is too long', 'is not allowed'] },
        }),
      }),
    );
    renderSection(containerOf([]));
    const field = screen.getByLabelText(ADD_A_COMMENT);
    fireEvent.change(field, { target: { value: 'Words' } });
    fireEvent.click(screen.getByRole('button', { name: POST_COMMENT }));
    expect(await screen.findByText('is too long, is not allowed')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(ERROR_CREATING_COMMENT)).toBeNull();
    expect((field as HTMLTextAreaElement).value).toBe('Words');
  });

  it('shows the fixed texts for other failures (ERR-29, ERR-30)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'POST /comments': respond(403, { type: 'x/forbidden', status: 403 }),
        'PUT /comments/1': respond(404, { type: 'x/not-found', status: 404 }),
      }),
    );
    renderSection(containerOf([mine(1)]));
    fireEvent.change(screen.getByLabelText(ADD_A_COMMENT), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: POST_COMMENT }));
    expect(await screen.findByText(ERROR_CREATING_COMMENT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByTestId('edit-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(ERROR_UPDATING_COMMENT)).toBeTruthy();
  });
});

describe('hide, unhide and delete (CMT-06, CMT-07, AMB-17, ERR-31..33)', () => {
  it('hides a comment and shows the hidden text from the answer', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'PUT /comments/1/hide': answer(containerOf([mine(1, { is_hidden: 1, can_unhide: true })])),
      }),
    );
    renderSection(containerOf([mine(1)]));
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText(COMMENT_HIDDEN)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unhide' })).toBeTruthy();
  });

  it('asks before deleting; Cancel keeps it, OK deletes it', async () => {
    fetchMock.mockImplementation(fakeApi({ 'DELETE /comments/1': answer(containerOf([])) }));
    renderSection(containerOf([mine(1)]));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(CONFIRM_DELETE_COMMENT);
    fireEvent.click(within(dialog).getByRole('button', { name: CANCEL }));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: OK }));
    expect(await screen.findByText(NO_COMMENTS_YET)).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });

  it('shows the Error dialog when hiding or deleting fails', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'PUT /comments/1/hide': respond(403, { type: 'x/forbidden', status: 403 }),
        'DELETE /comments/1': respond(403, { type: 'x/forbidden', status: 403 }),
        [`GET /comment_containers/${CONTAINER_ID}.json`]: answer(containerOf([mine(1)])),
      }),
    );
    renderSection(containerOf([mine(1)]));
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    const hideError = await screen.findByRole('dialog', { name: ERROR_TITLE });
    expect(hideError.textContent).toContain(ERROR_HIDING_COMMENT);
    fireEvent.click(within(hideError).getByRole('button', { name: OK }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: OK }));
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: ERROR_TITLE }).textContent).toContain(
        ERROR_DELETING_COMMENT,
      ),
    );
  });
});

describe('a comment a notice pointed at (AMB-29)', () => {
  it('scrolls to it and highlights it', async () => {
    const scroll = vi.mocked(HTMLElement.prototype.scrollIntoView);
    scroll.mockClear();
    renderSection(containerOf([comment(1), comment(2, { comment: 'The one' })]), {
      state: { commentId: 2 },
    });
    const target = document.getElementById('comment-2');
    await waitFor(() => expect(target?.getAttribute('data-highlighted')).toBe('true'));
    expect(scroll.mock.contexts[0]).toBe(target);
  });
});
