import { Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChevronRight, IconMessageCircle } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { commentCount, postBy, READ_MORE, readMoreAbout } from '../../../common/messages.ts';
import type { Post } from '../../../common/schemas/post.ts';
import { PhotoMosaic } from '../../components/photos/PhotoMosaic.tsx';
import { postTitle } from '../../components/post-title.ts';
import { DonateNowLink } from './DonateNowLink.tsx';
import { PostByline } from './PostByline.tsx';
import classes from './PostCard.module.css';

/**
 * One post in a list: byline, subject, the short body only (POST-03), photos, comment count,
 * Donate Now (POST-05) and a link to the post. Memoised: TanStack Query keeps the same object
 * for an unchanged post, so loading another page renders only the new cards.
 */
export const PostCard = memo(function PostCard({ post, to }: { post: Post; to: string }) {
  const authorName = post.party?.display_name ?? post.club?.name ?? '';
  const title = postTitle(post);
  return (
    <article className={classes.card} data-testid="post-card" data-post-id={post.id}>
      <PostByline post={post} />
      {post.subject ? (
        <Title order={2} className={classes.subject}>
          {post.subject}
        </Title>
      ) : (
        <VisuallyHidden component="h2">{postBy(authorName)}</VisuallyHidden>
      )}
      <Text className={classes.shortBody} data-testid="post-short-body">
        {post.short_body}
      </Text>
      {post.photos.length > 0 ? (
        <div className={classes.raised}>
          <PhotoMosaic photos={post.photos} />
        </div>
      ) : null}
      <div className={classes.footer}>
        <Text c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <IconMessageCircle size={22} aria-hidden="true" />
          {commentCount(post.comment_container.comment_count)}
        </Text>
        <div className={classes.actions}>
          {post.appeal_post_task_token_url ? (
            <div className={classes.raised}>
              <DonateNowLink url={post.appeal_post_task_token_url} />
            </div>
          ) : null}
          <Link to={to} className={classes.readMore} aria-label={readMoreAbout(title)}>
            {READ_MORE}
            <IconChevronRight size={22} aria-hidden="true" />
          </Link>
        </div>
      </div>
    </article>
  );
});
