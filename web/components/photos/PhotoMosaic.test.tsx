import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Photo } from '../../../common/schemas/post.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PhotoMosaic } from './PhotoMosaic.tsx';
import { hiddenPhotoCount, wrapPhotoIndex } from './photo-index.ts';

function photos(count: number): Photo[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    url: `/media/photos/${index + 1}.jpg`,
    medium_url: `/media/photos/${index + 1}-medium.jpg`,
  }));
}

function lightboxImage() {
  return within(screen.getByRole('dialog')).getByTestId('lightbox-image');
}

describe('photo index rules', () => {
  it('wraps both ways (PHOTO-05, PHOTO-06)', () => {
    expect(wrapPhotoIndex(5, 5)).toBe(0);
    expect(wrapPhotoIndex(-1, 5)).toBe(4);
    expect(wrapPhotoIndex(2, 5)).toBe(2);
    expect(wrapPhotoIndex(-6, 5)).toBe(4);
    expect(wrapPhotoIndex(3, 0)).toBe(0);
  });

  it('counts the photos beyond the tiles (PHOTO-02)', () => {
    expect(hiddenPhotoCount(5, 3)).toBe(2);
    expect(hiddenPhotoCount(3, 3)).toBe(0);
    expect(hiddenPhotoCount(1, 1)).toBe(0);
  });
});

describe('PhotoMosaic (PHOTO-01..06)', () => {
  it('shows three tiles and +2 for five photos, using the medium size (PHOTO-01, PHOTO-02)', () => {
    renderWithProviders(<PhotoMosaic photos={photos(5)} />);
    const mosaic = screen.getByRole('button', { name: 'Show all 5 photos' });
    const images = within(mosaic).getAllByRole('img');
    expect(images).toHaveLength(3);
    expect(images[0]?.getAttribute('src')).toBe('/media/photos/1-medium.jpg');
    expect(images[0]?.getAttribute('alt')).toBe('Photo 1 of 5');
    expect(within(mosaic).getByText('+2')).toBeTruthy();
  });

  it('shows no overlay for three photos, and a tile opens the lightbox', async () => {
    renderWithProviders(<PhotoMosaic photos={photos(3)} />);
    expect(screen.queryByText(/^\+\d/)).toBeNull();
    expect(screen.getAllByRole('img')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Open photo 2 of 3' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Photo 2 of 3');
  });

  it('shows nothing without photos', () => {
    const { container } = renderWithProviders(<PhotoMosaic photos={[]} />);
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });

  it('expands to a row of every photo, and a photo opens the lightbox on it (PHOTO-03, PHOTO-04)', async () => {
    renderWithProviders(<PhotoMosaic photos={photos(5)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 5 photos' }));
    const row = screen.getByTestId('photo-row');
    expect(within(row).getAllByRole('img')).toHaveLength(5);
    fireEvent.click(within(row).getByRole('button', { name: 'Open photo 4 of 5' }));
    await screen.findByRole('dialog');
    expect(lightboxImage().getAttribute('src')).toBe('/media/photos/4.jpg');
    expect(lightboxImage().getAttribute('alt')).toBe('Photo 4 of 5');
  });

  it('wraps forward from the last photo and back from the first (PHOTO-05, PHOTO-06)', async () => {
    renderWithProviders(<PhotoMosaic photos={photos(5)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 5 photos' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open photo 5 of 5' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(lightboxImage().getAttribute('alt')).toBe('Photo 1 of 5');
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(lightboxImage().getAttribute('alt')).toBe('Photo 5 of 5');
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(lightboxImage().getAttribute('alt')).toBe('Photo 4 of 5');
  });

  it('steps with the arrow keys and closes with Close', async () => {
    renderWithProviders(<PhotoMosaic photos={photos(5)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 5 photos' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open photo 1 of 5' }));
    await screen.findByRole('dialog');
    act(() => {
      fireEvent.keyDown(window, { key: 'ArrowLeft' });
    });
    expect(lightboxImage().getAttribute('alt')).toBe('Photo 5 of 5');
    act(() => {
      fireEvent.keyDown(window, { key: 'ArrowRight' });
    });
    expect(lightboxImage().getAttribute('alt')).toBe('Photo 1 of 5');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
