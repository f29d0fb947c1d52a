import { Button, Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  BACK_TO_POSTS,
  backToLodgePosts,
  CONFIRM_DELETE_POST,
  DELETE_POST_BUTTON,
  DELETE_POST_TITLE,
  EDIT_POST_LINK,
  ERROR_DELETING_POST,
  ERROR_TITLE,
  LOADING_POST,
  postBy,
} from '../../../common/messages.ts';
import type { Post } from '../../../common/schemas/post.ts';
import { useDeletePost, usePost } from '../../api/posts.ts';
import { useSession } from '../../api/session.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { showOkDialog } from '../../components/ok-dialog-store.ts';
import { PhotoMosaic } from '../../components/photos/PhotoMosaic.tsx';
import { clubNewsPath, editPostPath, NEWS_PATH, parseRecordId } from '../../paths.ts';
import { CommentsSection } from '../../components/comments/CommentsSection.tsx';
import { DonateNowLink } from './DonateNowLink.tsx';
import { mayChangePost } from './post-permissions.ts';
import { PostByline } from './PostByline.tsx';
import { BackLink } from '../../components/BackLink.tsx';
import classes from './PostDetailPage.module.css';
import { RecordScreen } from '../../components/LoadStates.tsx';

/**
 * A post (ROUTE-05, ROUTE-08, POST-04, POST-20): the full body, photos, Donate Now, the
 * comments, and Edit and Delete for those PERM-12 allows. An unknown or hidden post shows the
 * 404 page's content; any other failure stops the spinner (ERR-60, AMB-15, AMB-44).
 */
export function PostDetailPage() {
  const params = useParams();
  const clubSubdomain = params.club_id ?? null;
  const id = parseRecordId(params.id);
  const query = usePost(id);

  if (id === null) return <NotFound />;
  return (
    <RecordScreen
      query={query}
      loadingLabel={LOADING_POST}
      testId="post"
      back={clubSubdomain ? clubNewsPath(clubSubdomain) : NEWS_PATH}
      backLabel={BACK_TO_POSTS}
    >
      {(answer) => (
        <PostDetail post={answer.post} body={answer.post_body.body} clubSubdomain={clubSubdomain} />
      )}
    </RecordScreen>
  );
}

function PostDetail({
  post,
  body,
  clubSubdomain,
}: {
  post: Post;
  body: string;
  clubSubdomain: string | null;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const remove = useDeletePost();
  const authorName = post.party?.display_name ?? post.club?.name ?? '';
  const title = post.subject ?? postBy(authorName);
  useDocumentTitle(`${title} – Lodgehall`);

  const inLodge = clubSubdomain !== null;
  const lodgeName = inLodge && post.club?.subdomain === clubSubdomain ? post.club.name : null;
  const back = inLodge ? clubNewsPath(clubSubdomain) : NEWS_PATH;
  const backLabel = lodgeName ? backToLodgePosts(lodgeName) : BACK_TO_POSTS;

  // AMB-17: a delete asks first; POST-19: then the lists reload and the member goes to /news,
  // in place of the deleted post's entry, so Back does not lead to its 404.
  const askDelete = () =>
    showOkDialog({
      title: DELETE_POST_TITLE,
      content: CONFIRM_DELETE_POST,
      onOk: () =>
        remove.mutate(post.id, {
          onSuccess: () => void navigate(NEWS_PATH, { replace: true }),
          onError: () => showOkDialog({ title: ERROR_TITLE, content: ERROR_DELETING_POST }),
        }),
    });

  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <BackLink to={back} label={backLabel} />
        <article className={classes.article} data-testid="post-detail" data-post-id={post.id}>
          <PostByline post={post} size={56} />
          <Title order={1} className={classes.subject}>
            {title}
          </Title>
          {mayChangePost(user, post) ? (
            <div className={classes.actions}>
              <Button
                component={Link}
                to={editPostPath(post)}
                variant="default"
                leftSection={<IconPencil size={22} aria-hidden="true" />}
              >
                {EDIT_POST_LINK}
              </Button>
              <Button
                variant="outline"
                color="red.9"
                loading={remove.isPending}
                leftSection={<IconTrash size={22} aria-hidden="true" />}
                onClick={askDelete}
              >
                {DELETE_POST_BUTTON}
              </Button>
            </div>
          ) : null}
          <div
            className={classes.body}
            data-testid="post-body"
            // Safe: the server cleans every body with a sanitize-html allow-list when it is
            // saved (server/services/rich-text.ts: no scripts, event handlers, styles or
            // javascript: links), and this is the only way to show the formatting it keeps.
            dangerouslySetInnerHTML={{ __html: body }}
          />
          {post.photos.length > 0 ? <PhotoMosaic photos={post.photos} /> : null}
          {post.appeal_post_task_token_url ? (
            <div>
              <DonateNowLink url={post.appeal_post_task_token_url} />
            </div>
          ) : null}
        </article>
        <CommentsSection
          containerId={post.comment_container.id}
          allowsComments={post.allows_comments}
        />
      </Stack>
    </Container>
  );
}
