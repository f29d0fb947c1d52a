import { MAX_GUESTS, MIN_GUESTS } from '../../../common/constants.ts';
import {
  plusGuests,
  RSVP_ATTENDING,
  RSVP_GOING,
  RSVP_NOT_GOING,
} from '../../../common/messages.ts';
import type { OwnEventAttendee } from '../../../common/schemas/calendar-event.ts';

/**
 * What the RSVP button says (CAL-12..14, AMB-43): `Attending?` before any answer, `Going` with
 * `+N guests` only when N > 0, `Not Going`. The guests part is apart so the screen can set it
 * in its own type.
 */
export function rsvpButtonText(attendee: Pick<OwnEventAttendee, 'status' | 'guests'> | null): {
  label: string;
  guests: string | null;
} {
  if (attendee === null) return { label: RSVP_ATTENDING, guests: null };
  if (attendee.status === 'NO') return { label: RSVP_NOT_GOING, guests: null };
  return { label: RSVP_GOING, guests: attendee.guests > 0 ? plusGuests(attendee.guests) : null };
}

/** CAL-18, VAL-22: the guest chooser offers 0 to 9, nothing else. */
export const GUEST_CHOICES: readonly number[] = Array.from(
  { length: MAX_GUESTS - MIN_GUESTS + 1 },
  (_, index) => MIN_GUESTS + index,
);

export type RsvpStatus = OwnEventAttendee['status'];

/**
 * The answer sent (AMB-43): Going with the guests chosen, Not Going always with 0, whatever
 * the chooser last showed.
 */
export function rsvpAnswer(
  status: RsvpStatus,
  guests: number,
): { status: RsvpStatus; guests: number } {
  return { status, guests: status === 'YES' ? guests : 0 };
}

/**
 * Where the chooser starts: the member's current answer and guests; before any answer, Going
 * with no guests (the usual answer, and the guests select at its default 0).
 */
export function initialRsvpChoice(attendee: Pick<OwnEventAttendee, 'status' | 'guests'> | null): {
  status: RsvpStatus;
  guests: number;
} {
  if (attendee === null) return { status: 'YES', guests: 0 };
  return rsvpAnswer(attendee.status, attendee.guests);
}
