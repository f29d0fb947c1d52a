import { Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NEW_POST, POSTS_TITLE } from '../../../common/messages.ts';
import type { Post } from '../../../common/schemas/post.ts';
import type { PostListScope } from '../../api/posts.ts';
import { PostListView } from './PostListView.tsx';
import { NEW_POST_PATH, postPath } from '../../paths.ts';

const FEED: PostListScope = { kind: 'feed' };
const feedPostPath = (post: Post): string => postPath(post);

/** /news (ROUTE-06, POST-01, POST-02): every post the member may see, and New Post. */
export function NewsPage() {
  useDocumentTitle(`${POSTS_TITLE} – Lodgehall`);
  return (
    <PostListView
      scope={FEED}
      title={POSTS_TITLE}
      pathOf={feedPostPath}
      actions={
        <Button
          component={Link}
          to={NEW_POST_PATH}
          size="md"
          leftSection={<IconPlus size={22} aria-hidden="true" />}
        >
          {NEW_POST}
        </Button>
      }
    />
  );
}
