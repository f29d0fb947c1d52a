import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  UNSUBSCRIBE_ALREADY_OFF,
  UNSUBSCRIBE_ANNOUNCEMENT_MAIL,
  UNSUBSCRIBE_BUTTON,
  UNSUBSCRIBE_DONE,
  UNSUBSCRIBE_FAILED,
  UNSUBSCRIBE_LINK_INVALID,
} from '../../../common/messages.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { queryClient } from '../../http/client.ts';
import { respond } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();
const TOKEN = '12.a.AbCdEfGhIjKlMnOpQrStUv';
let alreadyOff: boolean;
let postAnswer: () => Response;

function invalid() {
  return respond(404, {
    type: 'https://lodgehall.org/problems/unsubscribe-link-invalid',
    title: UNSUBSCRIBE_LINK_INVALID,
    status: 404,
  });
}

beforeEach(() => {
  queryClient.clear();
  resetSessionForTests({ status: 'signedOut' });
  alreadyOff = false;
  postAnswer = () => {
    alreadyOff = true;
    return respond(200, {
      data: { unsubscribe: { topic: 'announcement_mail', already_off: false } },
    });
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.endsWith('/unsubscribe.json')) return respond(404, { status: 404 });
    if (init?.method === 'POST') {
      const sent = JSON.parse(String(init.body)) as { token: string };
      return sent.token === TOKEN ? postAnswer() : invalid();
    }
    if (url.searchParams.get('token') !== TOKEN) return invalid();
    return respond(200, {
      data: { unsubscribe: { topic: 'announcement_mail', already_off: alreadyOff } },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function posts(): number {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').length;
}

describe('/unsubscribe (issue 25, D81)', () => {
  it('tells a visitor what will change, and one button changes it', async () => {
    renderApp(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByText(UNSUBSCRIBE_ANNOUNCEMENT_MAIL)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Stop these e-mails');
    // Opening the page changes nothing.
    expect(posts()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: UNSUBSCRIBE_BUTTON }));
    expect((await screen.findByRole('status')).textContent).toContain(UNSUBSCRIBE_DONE);
    expect(posts()).toBe(1);
  });

  it('says so when these e-mails are off already', async () => {
    alreadyOff = true;
    renderApp(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByText(UNSUBSCRIBE_ALREADY_OFF)).toBeTruthy();
    expect(screen.queryByRole('button', { name: UNSUBSCRIBE_BUTTON })).toBeNull();
  });

  it('answers a tampered link, and a link without its token, with the clear message', async () => {
    renderApp(`/unsubscribe?token=${TOKEN.slice(0, -1)}X`);
    expect((await screen.findByRole('alert')).textContent).toContain(UNSUBSCRIBE_LINK_INVALID);
    queryClient.clear();
    renderApp('/unsubscribe');
    expect((await screen.findAllByRole('alert')).at(-1)?.textContent).toContain(
      UNSUBSCRIBE_LINK_INVALID,
    );
  });

  it('says the choice was not saved when the change fails, and the button tries again', async () => {
    postAnswer = () => respond(500, { type: 'x/internal-server-error', status: 500 });
    renderApp(`/unsubscribe?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: UNSUBSCRIBE_BUTTON }));
    expect((await screen.findByRole('alert')).textContent).toContain(UNSUBSCRIBE_FAILED);
    postAnswer = () =>
      respond(200, { data: { unsubscribe: { topic: 'announcement_mail', already_off: false } } });
    fireEvent.click(screen.getByRole('button', { name: UNSUBSCRIBE_BUTTON }));
    expect((await screen.findByRole('status')).textContent).toContain(UNSUBSCRIBE_DONE);
  });
});
