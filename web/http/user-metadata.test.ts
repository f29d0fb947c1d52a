import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { respond, userMetadataHeader } from '../test/fixtures.ts';
import { apiRequest } from './client.ts';
import {
  applyUserMetadataHeader,
  decodeUserMetadata,
  getBadgeCounts,
  resetBadgeCounts,
  userMetadataEpoch,
} from './user-metadata.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  resetBadgeCounts();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('x-user-metadata (META-01..04)', () => {
  it('starts null: no badge before the first header (META-04)', () => {
    expect(getBadgeCounts()).toEqual({ unseenNoticeCount: null, unseenChatMessagesCount: null });
  });

  it('decodes base64 JSON with both counts', async () => {
    expect(await decodeUserMetadata(userMetadataHeader(2, 5))).toEqual({
      unseenNoticeCount: 2,
      unseenChatMessagesCount: 5,
    });
    expect(await decodeUserMetadata('not base64 json')).toBeNull();
    expect(await decodeUserMetadata(btoa('{"unseen_notice_count":"2"}'))).toBeNull();
  });

  it('is read from every successful answer (META-01..03)', async () => {
    fetchMock.mockResolvedValueOnce(
      respond(200, { data: {} }, { 'x-user-metadata': userMetadataHeader(2, 5) }),
    );
    await apiRequest('GET', '/posts.json');
    expect(getBadgeCounts()).toEqual({ unseenNoticeCount: 2, unseenChatMessagesCount: 5 });

    // An answer without the header leaves the counts alone.
    fetchMock.mockResolvedValueOnce(respond(200, { data: {} }));
    await apiRequest('GET', '/posts.json');
    expect(getBadgeCounts()).toEqual({ unseenNoticeCount: 2, unseenChatMessagesCount: 5 });

    // A failed answer is not read.
    fetchMock.mockResolvedValueOnce(
      respond(404, { status: 404 }, { 'x-user-metadata': userMetadataHeader(9, 9) }),
    );
    await expect(apiRequest('GET', '/posts/1.json')).rejects.toThrow();
    expect(getBadgeCounts()).toEqual({ unseenNoticeCount: 2, unseenChatMessagesCount: 5 });
  });

  it('ignores the answer of a call made before a reset (SESS-07)', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const call = apiRequest('GET', '/notices.json');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    resetBadgeCounts();
    answer(respond(200, { data: {} }, { 'x-user-metadata': userMetadataHeader(7, 7) }));
    await call;
    expect(getBadgeCounts()).toEqual({ unseenNoticeCount: null, unseenChatMessagesCount: null });
  });

  it('ignores a stale epoch passed directly', async () => {
    const epoch = userMetadataEpoch();
    resetBadgeCounts();
    await applyUserMetadataHeader(userMetadataHeader(1, 1), epoch);
    expect(getBadgeCounts().unseenNoticeCount).toBeNull();
  });
});
