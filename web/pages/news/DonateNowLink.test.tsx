import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { DonateNowLink, donationHref } from './DonateNowLink.tsx';

describe('Donate Now (POST-05)', () => {
  it('links to the donation address in a new tab, with rel noopener', () => {
    renderWithProviders(<DonateNowLink url="https://pay.example.org/appeals/abc" />);
    const link = screen.getByRole('link', { name: /^Donate Now/ });
    expect(link.getAttribute('href')).toBe('https://pay.example.org/appeals/abc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows nothing without an address', () => {
    renderWithProviders(<DonateNowLink url={null} />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('never turns a script or a broken address into a link', () => {
    expect(donationHref('javascript:alert(1)')).toBeNull();
    expect(donationHref('data:text/html,hi')).toBeNull();
    expect(donationHref('not a url')).toBeNull();
    expect(donationHref('http://pay.example.org/x')).toBe('http://pay.example.org/x');
  });
});
