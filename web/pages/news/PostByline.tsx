import { Box, Stack, Text } from '@mantine/core';
import { postedToLodge } from '../../../common/messages.ts';
import type { Post } from '../../../common/schemas/post.ts';
import { formatPostDate } from '../../components/dates.ts';
import { LodgeAvatar } from '../../components/LodgeAvatar.tsx';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';

/**
 * Who posted and when (POST-01): a lodge post shows the lodge's emblem and name; a member's
 * post shows their avatar and name, and the lodge it was written to, if any.
 */
export function PostByline({ post, size = 48 }: { post: Post; size?: number }) {
  const lodgePost = post.type === 'ClubPost' || post.party === null;
  const name = lodgePost ? (post.club?.name ?? '') : (post.party?.display_name ?? '');
  return (
    <Box style={{ display: 'flex', gap: 12, alignItems: 'center', minWidth: 0 }}>
      {lodgePost || post.party === null ? (
        <LodgeAvatar club={post.club} size={size} />
      ) : (
        <MemberAvatar party={post.party} size={size} />
      )}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={700} size="md" style={{ overflowWrap: 'anywhere' }} data-testid="post-author">
          {name}
          {!lodgePost && post.club ? (
            <Text component="span" fw={400} c="dimmed">
              {' '}
              {postedToLodge(post.club.name)}
            </Text>
          ) : null}
        </Text>
        <Text size="sm" c="dimmed">
          <time dateTime={new Date(post.created_at).toISOString()}>
            {formatPostDate(post.created_at)}
          </time>
        </Text>
      </Stack>
    </Box>
  );
}
