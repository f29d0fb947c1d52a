import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS, SLOWEST_UPLOAD_BYTES_PER_SECOND } from '../../common/constants.ts';
import {
  NETWORK_ERROR_TEXT,
  NETWORK_ERROR_TITLE,
  SERVER_ERROR_TEXT,
  SERVER_ERROR_TITLE,
} from '../../common/messages.ts';
import { clearOkDialogs, getOkDialogQueue } from '../components/ok-dialog-store.ts';
import {
  ApiError,
  apiRequest,
  CLIENT_VERSION,
  queryClient,
  requestTimeoutMs,
  setUnauthorizedHandler,
} from './client.ts';
import { setRequestSigner } from './signing.ts';

function jsonResponse(status: number, body: unknown, type = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  clearOkDialogs();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUnauthorizedHandler(null);
  setRequestSigner(null);
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest: the request (API-GEN-01..03, AMB-04)', () => {
  it('sends JSON under the API prefix, same-origin, with the client headers', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { ok: true } }));
    const body = await apiRequest('POST', '/session.json', {
      body: { user: { username: 'member' } },
      query: { page: 1, t: undefined },
    });
    expect(body).toEqual({ data: { ok: true } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/private/mobile/v1/session.json?page=1');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"user":{"username":"member"}}');
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-Client-Id': 'web-app',
      'X-Client-Version': CLIENT_VERSION,
    });
  });

  it('adds the signer headers over the exact target and body, unless the call is unsigned', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, {})));
    const signer = vi.fn(() => Promise.resolve({ 'X-SALT': 's', 'X-SIGNATURE': 'sig' }));
    setRequestSigner(signer);
    await apiRequest('PUT', '/posts/1.json', { body: { a: 1 } });
    expect(signer).toHaveBeenCalledWith({
      method: 'PUT',
      pathAndQuery: '/api/private/mobile/v1/posts/1.json',
      body: '{"a":1}',
    });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'X-SIGNATURE': 'sig' });
    await apiRequest('POST', '/session.json', { body: {}, signed: false });
    expect(signer).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[1]?.[1]?.headers).not.toHaveProperty('X-SIGNATURE');
  });
});

describe('apiRequest: an answer that is not JSON (an event download)', () => {
  it('asks for the type and resolves with the text as sent', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    fetchMock.mockResolvedValue(
      new Response(ics, { status: 200, headers: { 'Content-Type': 'text/calendar' } }),
    );
    const body = await apiRequest<string>('GET', '/calendar_events/5.ics', {
      accept: 'text/calendar',
    });
    expect(body).toBe(ics);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Accept')).toBe('text/calendar');
  });

  it('still reads a failure as a problem', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(404, {
        type: 'https://lodgehall.example/problems/not-found',
        title: 'Not found',
      }),
    );
    const error = await rejection(
      apiRequest('GET', '/calendar_events/5.ics', { accept: 'text/calendar' }),
    );
    expect(error.status).toBe(404);
    expect(error.problemTitle).toBe('Not found');
  });
});

describe('apiRequest: the global error mapping (ERR-01, ERR-02, ERR-05, AMB-15)', () => {
  it('shows Network Error when no answer comes (ERR-01)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(apiRequest('GET', '/posts.json'));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(getOkDialogQueue()).toEqual([
      expect.objectContaining({ title: NETWORK_ERROR_TITLE, content: NETWORK_ERROR_TEXT }),
    ]);
  });

  it('shows Server Error with the exact text on a 500 (ERR-02)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(500, { type: 'https://x/errors/internal', title: 'Internal', status: 500 }),
    );
    const error = await rejection(apiRequest('GET', '/posts.json'));
    expect(error.status).toBe(500);
    expect(SERVER_ERROR_TEXT).toBe("An error occured on the server.  We're looking into it.");
    expect(getOkDialogQueue()).toEqual([
      expect.objectContaining({ title: SERVER_ERROR_TITLE, content: SERVER_ERROR_TEXT }),
    ]);
  });

  it('gives a 422 its field errors and shows no dialog (ERR-05)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        422,
        {
          type: 'https://lodgehall.example/problems/unprocessable-entity-error',
          title: 'Unprocessable',
          status: 422,
          errors: { subject: ["can't be blank"], base: ['Nope'] },
        },
        'application/problem+json',
      ),
    );
    const error = await rejection(apiRequest('POST', '/posts', { body: {} }));
    expect(error.isUnprocessableEntity).toBe(true);
    expect(error.problemName).toBe('unprocessable-entity-error');
    expect(error.fieldErrors('subject')).toEqual(["can't be blank"]);
    expect(error.fieldErrors('base')).toEqual(['Nope']);
    expect(error.fieldErrors('body')).toEqual([]);
    expect(getOkDialogQueue()).toHaveLength(0);
  });

  it('leaves a 404 to the screen (ERR-60)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { type: 'x/not-found', status: 404 }));
    const error = await rejection(apiRequest('GET', '/posts/9.json'));
    expect(error.status).toBe(404);
    expect(getOkDialogQueue()).toHaveLength(0);
  });

  it('can leave the dialogs out', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await rejection(apiRequest('GET', '/chats/1/last_activity', { globalErrors: false }));
    expect(getOkDialogQueue()).toHaveLength(0);
  });

  it('hands a 401 to the session, except where the caller handles it (SESS-04, SESS-05)', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(401, { status: 401 })));
    await rejection(apiRequest('GET', '/posts.json'));
    expect(handler).toHaveBeenCalledTimes(1);
    await rejection(apiRequest('POST', '/session.json', { handleUnauthorized: false }));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(getOkDialogQueue()).toHaveLength(0);
  });

  it('treats no answer in time as no answer (AMB-52)', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = rejection(apiRequest('GET', '/session.json', { timeoutMs: 10_000 }));
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await pending;
    expect(error.kind).toBe('network');
    expect(getOkDialogQueue()).toEqual([expect.objectContaining({ title: NETWORK_ERROR_TITLE })]);
  });

  it('ends every call with no answer after REQUEST_TIMEOUT_MS, with the Network Error (issue 8 §5, ERR-01)', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    let settled = false;
    const pending = rejection(apiRequest('GET', '/posts/1.json')).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(getOkDialogQueue()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(getOkDialogQueue()).toEqual([
      expect.objectContaining({ title: NETWORK_ERROR_TITLE, content: NETWORK_ERROR_TEXT }),
    ]);
  });

  it('waits longer for a large body, as photos are, by its size', async () => {
    expect(requestTimeoutMs(0)).toBe(REQUEST_TIMEOUT_MS);
    expect(requestTimeoutMs(SLOWEST_UPLOAD_BYTES_PER_SECOND * 30)).toBe(
      REQUEST_TIMEOUT_MS + 30_000,
    );
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const photo = 'A'.repeat(SLOWEST_UPLOAD_BYTES_PER_SECOND * 10);
    let settled = false;
    const pending = rejection(apiRequest('POST', '/posts', { body: { post: { photo } } })).finally(
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 5_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(6_000);
    expect((await pending).kind).toBe('network');
  });

  it('leaves no timer behind once the answer came', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(jsonResponse(200, { data: {} }));
    await apiRequest('GET', '/posts.json');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows nothing when the caller cancels', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const controller = new AbortController();
    const pending = apiRequest('GET', '/posts.json', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(getOkDialogQueue()).toHaveLength(0);
  });
});

describe('queryClient', () => {
  it('keeps answers fresh for the spec 15 seconds (CONST-08)', () => {
    expect(queryClient.getDefaultOptions().queries?.staleTime).toBe(15_000);
  });
});
