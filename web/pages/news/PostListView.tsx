import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import {
  LOADING_POSTS,
  MORE_POSTS_LOAD_FAILED,
  NO_POSTS_YET,
  POSTS_LOAD_FAILED,
  postsShown,
} from '../../../common/messages.ts';
import type { Post } from '../../../common/schemas/post.ts';
import { isApiError } from '../../http/client.ts';
import { flattenPostPages, usePostList, type PostListScope } from '../../api/posts.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { PostCard } from './PostCard.tsx';
import classes from './PostCard.module.css';
import { LoadFailed, LoadMore, Loading } from '../../components/LoadStates.tsx';

export interface PostListViewProps {
  scope: PostListScope;
  title: string;
  /** Beside the heading, e.g. New Post. */
  actions?: ReactNode;
  /** Above the heading: the way back (a lodge's list leads back to the lodge's home). */
  back?: ReactNode;
  /** Where a card leads. */
  pathOf: (post: Post) => string;
}

/**
 * A post list with Load More (POST-01, POST-06, ROUTE-04, ROUTE-06, AMB-41): the posts in the
 * server's order, then Load More while the last page was full. A 404 (an unknown lodge) shows
 * the 404 page's content (AMB-44).
 */
export function PostListView({ scope, title, actions, back, pathOf }: PostListViewProps) {
  const query = usePostList(scope);
  const posts = useMemo(() => {
    // A post deleted after page 0 was loaded shifts later pages by one, so a post can come
    // twice; show it once.
    const seen = new Set<number>();
    return flattenPostPages(query.data).filter((post) => {
      if (seen.has(post.id)) return false;
      seen.add(post.id);
      return true;
    });
  }, [query.data]);

  if (query.isError && !query.data && isApiError(query.error) && query.error.status === 404) {
    return <NotFound />;
  }

  let content: ReactNode;
  if (query.isPending) {
    content = <Loading label={LOADING_POSTS} testId="posts-loading" />;
  } else if (query.isError && !query.data) {
    content = (
      <LoadFailed
        title={POSTS_LOAD_FAILED}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (posts.length === 0) {
    content = (
      <Paper withBorder radius="lg" p="xl">
        <Text size="lg">{NO_POSTS_YET}</Text>
      </Paper>
    );
  } else {
    content = (
      <>
        <ul className={classes.list} data-testid="post-list">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} to={pathOf(post)} />
            </li>
          ))}
        </ul>
        {/* Tells a screen reader that Load More added posts above the button. */}
        <Text role="status" size="sm" c="dimmed" ta="center">
          {postsShown(posts.length)}
        </Text>
        {query.isFetchNextPageError ? (
          <Text c="red.9" ta="center" role="alert">
            {MORE_POSTS_LOAD_FAILED}
          </Text>
        ) : null}
        {query.hasNextPage ? (
          <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
        ) : null}
      </>
    );
  }

  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        {back}
        <Group justify="space-between" align="center" gap="md">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {actions}
        </Group>
        {content}
      </Stack>
    </Container>
  );
}
