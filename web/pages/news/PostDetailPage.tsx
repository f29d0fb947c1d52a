import { useParams } from 'react-router';
import {
  BACK_TO_POSTS,
  backToLodgePosts,
  CONFIRM_DELETE_POST,
  DELETE_POST_BUTTON,
  DELETE_POST_TITLE,
  EDIT_POST_LINK,
  ERROR_DELETING_POST,
  LOADING_POST,
  postBy,
} from '../../../common/messages.ts';
import type { Post } from '../../../common/schemas/post.ts';
import { useDeletePost, usePost } from '../../api/posts.ts';
import { RecordScreen } from '../../components/LoadStates.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { DeleteRecordButton, EditRecordButton } from '../../components/records/RecordButtons.tsx';
import { RecordActions, RecordDetail } from '../../components/records/RecordDetail.tsx';
import { clubNewsPath, editPostPath, NEWS_PATH, parseRecordId } from '../../paths.ts';
import { DonateNowLink } from './DonateNowLink.tsx';
import { PostByline } from './PostByline.tsx';

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
  const remove = useDeletePost();
  const authorName = post.party?.display_name ?? post.club?.name ?? '';
  const title = post.subject ?? postBy(authorName);

  const inLodge = clubSubdomain !== null;
  const lodgeName = inLodge && post.club?.subdomain === clubSubdomain ? post.club.name : null;
  const back = inLodge ? clubNewsPath(clubSubdomain) : NEWS_PATH;
  const backLabel = lodgeName ? backToLodgePosts(lodgeName) : BACK_TO_POSTS;

  return (
    <RecordDetail
      back={back}
      backLabel={backLabel}
      article={{ 'data-testid': 'post-detail', 'data-post-id': post.id }}
      byline={<PostByline post={post} size={56} />}
      title={title}
      header={
        post.abilities.edit || post.abilities.delete ? (
          <RecordActions>
            {post.abilities.edit ? (
              <EditRecordButton to={editPostPath(post)} label={EDIT_POST_LINK} />
            ) : null}
            {post.abilities.delete ? (
              <DeleteRecordButton
                label={DELETE_POST_BUTTON}
                id={post.id}
                remove={remove}
                confirm={{ title: DELETE_POST_TITLE, content: CONFIRM_DELETE_POST }}
                failure={ERROR_DELETING_POST}
                then={NEWS_PATH}
              />
            ) : null}
          </RecordActions>
        ) : null
      }
      body={{ html: body, testId: 'post-body' }}
      photos={post.photos}
      footer={
        post.appeal_post_task_token_url ? (
          <div>
            <DonateNowLink url={post.appeal_post_task_token_url} />
          </div>
        ) : null
      }
      comments={{
        containerId: post.comment_container.id,
        allowsComments: post.allows_comments,
      }}
    />
  );
}
