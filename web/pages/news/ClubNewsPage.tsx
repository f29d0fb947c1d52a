import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import {
  BACK_TO_CLUB,
  BACK_TO_THE_LODGE,
  LODGE_POSTS_TITLE,
  lodgePostsTitle,
} from '../../../common/messages.ts';
import type { Post } from '../../../common/schemas/post.ts';
import { usePostList, type PostListScope } from '../../api/posts.ts';
import { useSession } from '../../api/session.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { clubPath, postPath } from '../../paths.ts';
import { PostListView } from './PostListView.tsx';

/**
 * /clubs/{subdomain}/news (ROUTE-04): one lodge's posts with Load More; each opens at
 * /clubs/{subdomain}/news/{id} (ROUTE-05), and the way back leads to the lodge's home. An
 * unknown subdomain, or another organisation's club, shows the 404 page (AMB-44, D53).
 */
export function ClubNewsPage() {
  const subdomain = useParams().id ?? '';
  const { user } = useSession();
  const scope = useMemo<PostListScope>(() => ({ kind: 'club', subdomain }), [subdomain]);
  // The same query as the list below (one cache entry, one request): it names the lodge
  // when the member is not in it.
  const { data } = usePostList(scope);
  const name =
    user?.clubs.find((club) => club.subdomain === subdomain)?.name ??
    data?.pages[0]?.posts.find((post) => post.club?.subdomain === subdomain)?.club?.name ??
    null;
  const title = name === null ? LODGE_POSTS_TITLE : lodgePostsTitle(name);
  useDocumentTitle(`${title} – Lodgehall`);
  const pathOf = useCallback((post: Post) => postPath(post, subdomain), [subdomain]);
  return (
    <PostListView
      key={subdomain}
      scope={scope}
      title={title}
      pathOf={pathOf}
      back={
        <BackLink
          to={clubPath(subdomain)}
          label={name === null ? BACK_TO_THE_LODGE : BACK_TO_CLUB(name)}
        />
      }
    />
  );
}
