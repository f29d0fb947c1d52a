import { IconBuildingBank } from '@tabler/icons-react';
import { AvatarFrame } from './AvatarFrame.tsx';

/**
 * A lodge's emblem, or a plain building on the lodge colour when it has none (CLUB-12, a post's
 * byline). Decorative, as every avatar: the lodge's name is always written beside it.
 */
export function LodgeAvatar({
  club,
  size,
  testId = 'lodge-avatar',
}: {
  club: { avatar: { medium_url: string } | null } | null;
  size: number;
  testId?: string;
}) {
  return (
    <AvatarFrame
      imageUrl={club?.avatar?.medium_url}
      size={size}
      background="var(--mantine-color-lodge-9)"
      testId={testId}
    >
      <IconBuildingBank size={Math.round(size * 0.55)} />
    </AvatarFrame>
  );
}
