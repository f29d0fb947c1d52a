import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_WEBMASTER } from '../../../common/constants.ts';
import {
  CREATE_EVENT,
  EVENT_LOCATION,
  EVENT_NAME,
  FIELD_CONTROL_CHARACTERS,
} from '../../../common/messages.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { queryClient } from '../../http/client.ts';
import { testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { NewEventPage } from './NewEventPage.tsx';

/**
 * The event form refuses a control character or a direction override in the name and the
 * location before anything is sent, with the message under the field (D54): the form's
 * resolver is the request's own schema, so it says what the API's 422 would.
 */

const fetchMock = vi.fn<typeof fetch>();

function renderNewEvent() {
  const router = createMemoryRouter(
    [
      { path: '/calendar', element: <p>The calendar</p> },
      { path: '/calendar/new', element: <NewEventPage /> },
    ],
    { initialEntries: ['/calendar/new'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

function field(label: string): HTMLInputElement {
  return screen.getByRole('textbox', { name: label }) as HTMLInputElement;
}

/** The error text the field points at through aria-describedby. */
function errorUnder(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '');
  return texts.find((text) => text === FIELD_CONTROL_CHARACTERS) ?? null;
}

beforeEach(() => {
  queryClient.clear();
  const user = testUser();
  resetSessionForTests({
    status: 'signedIn',
    user: {
      ...user,
      clubs: user.clubs.map((club) => ({
        ...club,
        club_member_role_names: [...club.club_member_role_names, ROLE_WEBMASTER],
      })),
    },
  });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the event form’s name and location (D54)', () => {
  it.each([
    // A text input drops CR and LF itself (the API test sends those); these it keeps.
    ['a line separator and an escape', 'Open House\u2028BEGIN:VEVENT', 'Hall \u001b[31m2'],
    ['a tab and a NUL', 'Tab\there', 'nul\u0000'],
    ['a right-to-left override and an isolate', 'photo\u202egpj.exe', 'Hall \u2066x\u2069'],
  ])('shows the message under each field holding %s, and sends nothing', async (_, name, place) => {
    renderNewEvent();
    fireEvent.change(field(EVENT_NAME), { target: { value: name } });
    fireEvent.change(field(EVENT_LOCATION), { target: { value: place } });
    fireEvent.click(screen.getByRole('button', { name: CREATE_EVENT }));

    await waitFor(() => expect(errorUnder(field(EVENT_NAME))).toBe(FIELD_CONTROL_CHARACTERS));
    expect(field(EVENT_NAME).getAttribute('aria-invalid')).toBe('true');
    expect(errorUnder(field(EVENT_LOCATION))).toBe(FIELD_CONTROL_CHARACTERS);
    expect(field(EVENT_LOCATION).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('passes a name and a location in any script, with no message under either', async () => {
    renderNewEvent();
    fireEvent.change(field(EVENT_NAME), { target: { value: 'Café; Ladies’ Night, 7pm \\ שלום' } });
    fireEvent.change(field(EVENT_LOCATION), { target: { value: 'Здание 2, зал 1' } });
    fireEvent.click(screen.getByRole('button', { name: CREATE_EVENT }));
    // The description is still empty, so the check ran and stopped there.
    await waitFor(() => expect(document.querySelector('[aria-invalid="true"]')).not.toBeNull());
    expect(errorUnder(field(EVENT_NAME))).toBeNull();
    expect(field(EVENT_NAME).getAttribute('aria-invalid')).not.toBe('true');
    expect(errorUnder(field(EVENT_LOCATION))).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
