import { describe, expect, it } from 'vitest';
import { GUEST_CHOICES, initialRsvpChoice, rsvpAnswer, rsvpButtonText } from './rsvp.ts';

describe('the RSVP button’s words (CAL-12..14, AMB-43)', () => {
  it('asks Attending? before any answer (CAL-12)', () => {
    expect(rsvpButtonText(null)).toEqual({ label: 'Attending?', guests: null });
  });

  it('says Going, with +N guests only when there are guests (CAL-13)', () => {
    expect(rsvpButtonText({ status: 'YES', guests: 2 })).toEqual({
      label: 'Going',
      guests: '+2 guests',
    });
    expect(rsvpButtonText({ status: 'YES', guests: 0 })).toEqual({ label: 'Going', guests: null });
  });

  it('says Not Going after a no (CAL-14)', () => {
    expect(rsvpButtonText({ status: 'NO', guests: 0 })).toEqual({
      label: 'Not Going',
      guests: null,
    });
  });
});

describe('the guest chooser (CAL-18, AMB-43)', () => {
  it('offers 0 to 9 and nothing else', () => {
    expect(GUEST_CHOICES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('sends Not Going with 0 guests, and Going with those chosen', () => {
    expect(rsvpAnswer('NO', 4)).toEqual({ status: 'NO', guests: 0 });
    expect(rsvpAnswer('YES', 4)).toEqual({ status: 'YES', guests: 4 });
  });

  it('starts at Going with 0 guests, or at the member’s own answer', () => {
    expect(initialRsvpChoice(null)).toEqual({ status: 'YES', guests: 0 });
    expect(initialRsvpChoice({ status: 'YES', guests: 3 })).toEqual({ status: 'YES', guests: 3 });
    expect(initialRsvpChoice({ status: 'NO', guests: 0 })).toEqual({ status: 'NO', guests: 0 });
  });
});
