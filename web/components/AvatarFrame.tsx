import { Box, Image } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AvatarFrameProps {
  /** The picture; without one the circle shows `children` on `background`. */
  imageUrl: string | null | undefined;
  size: number;
  background: string;
  testId: string;
  /** The colour the fallback was drawn in, for tests (CONST-30). */
  dataColor?: string;
  children: ReactNode;
}

/**
 * The round frame every avatar uses: the picture when there is one, otherwise a circle of
 * colour with initials or an emblem. Decorative: a name is always written beside it.
 */
export function AvatarFrame({
  imageUrl,
  size,
  background,
  testId,
  dataColor,
  children,
}: AvatarFrameProps) {
  if (imageUrl) {
    return (
      <Image
        src={imageUrl}
        alt=""
        w={size}
        h={size}
        radius="50%"
        fit="cover"
        style={{ flexShrink: 0 }}
        data-testid={testId}
      />
    );
  }
  return (
    <Box
      component="span"
      aria-hidden="true"
      data-testid={testId}
      data-color={dataColor}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        background,
        color: '#fff',
        fontWeight: 700,
        fontSize: Math.round(size * 0.4),
        letterSpacing: '0.02em',
        lineHeight: 1,
        userSelect: 'none',
      }}
    >
      {children}
    </Box>
  );
}
