import { Button, Loader, Stack } from '@mantine/core';
import { IconPhotoMinus } from '@tabler/icons-react';
import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { PHOTO_MOSAIC_MAX } from '../../../common/constants.ts';
import {
  LOADING,
  morePhotos,
  openPhoto,
  photoOf,
  SHOW_FEWER_PHOTOS,
  showAllPhotos,
} from '../../../common/messages.ts';
import type { Photo } from '../../../common/schemas/post.ts';
import classes from './PhotoMosaic.module.css';
import { hiddenPhotoCount } from './photo-index.ts';

// The lightbox is its own chunk, fetched the first time a member opens a photo (docs/architecture.md
// §10: every screen beyond the first is a lazy chunk, and so is what only some screens use).
const PhotoLightbox = lazy(() =>
  import('./PhotoLightbox.tsx').then((module) => ({ default: module.PhotoLightbox })),
);

export interface PhotoMosaicProps {
  photos: readonly Photo[];
}

const GRID_CLASS = [classes.one, classes.one, classes.two, classes.three] as const;

/** One photo at medium size, named by its place (PHOTO-01). */
function Tile({ photo, index, total }: { photo: Photo; index: number; total: number }) {
  return (
    <img
      className={classes.image}
      src={photo.medium_url}
      alt={photoOf(index + 1, total)}
      loading="lazy"
      decoding="async"
    />
  );
}

/**
 * A post's photos (PHOTO-01..06): at most three tiles, the third with '+N' when there are
 * more. With more than three, a press shows every photo in a row; with three or fewer every
 * photo is already in view, so a press on a tile opens it in the lightbox at once. Pressing a
 * photo in the row opens the lightbox on it.
 */
export const PhotoMosaic = memo(function PhotoMosaic({ photos }: PhotoMosaicProps) {
  const [expanded, setExpanded] = useState(false);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const rowRef = useRef<HTMLUListElement>(null);
  const mosaicRef = useRef<HTMLButtonElement>(null);
  // Where focus goes back to when the lightbox closes (it is unmounted, not just hidden).
  const openerRef = useRef<HTMLElement | null>(null);
  const focusRowNext = useRef(false);

  useEffect(() => {
    if (!expanded || !focusRowNext.current) return;
    focusRowNext.current = false;
    rowRef.current?.querySelector('button')?.focus();
  }, [expanded]);

  const open = useCallback((index: number, opener: HTMLElement) => {
    openerRef.current = opener;
    setOpenIndex(index);
  }, []);

  const close = useCallback(() => {
    setOpenIndex(null);
    const opener = openerRef.current;
    // After React has removed the dialog, so its focus trap no longer holds focus.
    requestAnimationFrame(() => opener?.focus());
  }, []);

  const total = photos.length;
  if (total === 0) return null;
  const tiles = photos.slice(0, PHOTO_MOSAIC_MAX);
  const extra = hiddenPhotoCount(total, tiles.length);
  const gridClass = `${classes.mosaic} ${GRID_CLASS[tiles.length] ?? classes.three}`;

  let body;
  if (expanded) {
    body = (
      <Stack gap="sm" align="flex-start">
        <ul className={classes.row} ref={rowRef} data-testid="photo-row">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className={classes.thumb}
                aria-label={openPhoto(index + 1, total)}
                onClick={(event) => open(index, event.currentTarget)}
              >
                <Tile photo={photo} index={index} total={total} />
              </button>
            </li>
          ))}
        </ul>
        <Button
          variant="default"
          leftSection={<IconPhotoMinus size={22} aria-hidden="true" />}
          onClick={() => {
            setExpanded(false);
            requestAnimationFrame(() => mosaicRef.current?.focus());
          }}
        >
          {SHOW_FEWER_PHOTOS}
        </Button>
      </Stack>
    );
  } else if (extra > 0) {
    // One button for the whole mosaic: any press on it shows the row (PHOTO-03).
    body = (
      <button
        type="button"
        ref={mosaicRef}
        className={`${gridClass} ${classes.wholeButton}`}
        aria-label={showAllPhotos(total)}
        aria-expanded={false}
        data-testid="photo-mosaic"
        onClick={() => {
          focusRowNext.current = true;
          setExpanded(true);
        }}
      >
        {tiles.map((photo, index) => (
          <span key={photo.id} className={classes.tile}>
            <Tile photo={photo} index={index} total={total} />
            {index === tiles.length - 1 ? (
              <span className={classes.more} data-testid="photo-more">
                {morePhotos(extra)}
              </span>
            ) : null}
          </span>
        ))}
      </button>
    );
  } else {
    body = (
      <div className={gridClass} data-testid="photo-mosaic">
        {tiles.map((photo, index) => (
          <button
            key={photo.id}
            type="button"
            className={classes.tile}
            aria-label={openPhoto(index + 1, total)}
            onClick={(event) => open(index, event.currentTarget)}
          >
            <Tile photo={photo} index={index} total={total} />
          </button>
        ))}
      </div>
    );
  }

  return (
    <>
      {body}
      {openIndex !== null ? (
        <Suspense
          fallback={
            <div className={classes.loading} role="status" aria-label={LOADING}>
              <Loader color="white" size="xl" />
            </div>
          }
        >
          <PhotoLightbox
            photos={photos}
            index={openIndex}
            onIndexChange={setOpenIndex}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </>
  );
});
