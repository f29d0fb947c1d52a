import { Button, Modal } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect } from 'react';
import {
  CLOSE,
  NEXT,
  NEXT_PHOTO,
  PREVIOUS,
  PREVIOUS_PHOTO,
  photoOf,
} from '../../../common/messages.ts';
import type { Photo } from '../../../common/schemas/post.ts';
import { DARK_SURFACE_CLASS } from '../../theme.ts';
import classes from './PhotoLightbox.module.css';
import { wrapPhotoIndex } from './photo-index.ts';

export interface PhotoLightboxProps {
  photos: readonly Photo[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * One photo at full size over the whole screen (PHOTO-04), with Previous and Next that wrap
 * round (PHOTO-05, PHOTO-06). The arrow keys step too and Escape closes; Mantine's Modal keeps
 * focus inside while it is open. Loaded lazily by PhotoMosaic.
 */
export function PhotoLightbox({ photos, index, onIndexChange, onClose }: PhotoLightboxProps) {
  const count = photos.length;
  const current = wrapPhotoIndex(index, count);
  const photo = photos[current];
  const step = useCallback(
    (by: number) => onIndexChange(wrapPhotoIndex(current + by, count)),
    [current, count, onIndexChange],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') step(1);
      else if (event.key === 'ArrowLeft') step(-1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);

  // Fetch the neighbours now, so Next and Previous show their photo without a wait.
  useEffect(() => {
    if (count < 2) return;
    for (const neighbour of [current + 1, current - 1]) {
      const next = photos[wrapPhotoIndex(neighbour, count)];
      if (next) new Image().src = next.url;
    }
  }, [current, count, photos]);

  if (!photo) return null;
  const label = photoOf(current + 1, count);
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={label}
      transitionProps={{ duration: 0 }}
      closeButtonProps={{ 'aria-label': CLOSE, className: classes.close }}
      classNames={{
        // On black the navy focus ring would vanish; the dark surface's ring is yellow.
        content: `${classes.content} ${DARK_SURFACE_CLASS}`,
        header: classes.header,
        title: classes.title,
        body: classes.body,
      }}
    >
      <div className={classes.stage}>
        <img
          key={photo.id}
          className={classes.image}
          src={photo.url}
          alt={label}
          data-testid="lightbox-image"
        />
      </div>
      {count > 1 ? (
        <div className={classes.controls}>
          <Button
            size="lg"
            variant="white"
            color="dark"
            className={classes.control}
            aria-label={PREVIOUS_PHOTO}
            leftSection={<IconChevronLeft size={26} aria-hidden="true" />}
            onClick={() => step(-1)}
          >
            {PREVIOUS}
          </Button>
          <Button
            size="lg"
            variant="white"
            color="dark"
            className={classes.control}
            aria-label={NEXT_PHOTO}
            rightSection={<IconChevronRight size={26} aria-hidden="true" />}
            onClick={() => step(1)}
            data-autofocus
          >
            {NEXT}
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
