import { Container, Loader, Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import {
  EDIT_POST,
  ERROR_UPDATING_POST,
  LOADING_POST,
  SAVE_CHANGES,
} from '../../../common/messages.ts';
import type { PostAnswer } from '../../../common/schemas/post.ts';
import type { User } from '../../../common/schemas/session.ts';
import { isApiError } from '../../http/client.ts';
import { usePost, useUpdatePost } from '../../api/posts.ts';
import { useSession } from '../../api/session.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { NEWS_PATH, parseRecordId } from '../../paths.ts';
import { editChoices } from './post-form-options.ts';
import { updatePostRequest, type PostFormValues } from './post-form-schema.ts';
import { PostForm } from './PostForm.tsx';
import { PostLoadFailed } from './PostLoadFailed.tsx';

/**
 * /news/{id}/edit (ROUTE-09, POST-08, POST-18): the saved post, prefilled; `PUT
 * /posts/{id}.json`, then back. A post that does not exist (or is hidden from the member), or
 * one PERM-12 does not let this member change, is the 404 page (AMB-44) rather than a form
 * that could only fail on save. Any other load failure stops the spinner and offers only
 * Try again and the way back, as the post screen does (ERR-60, AMB-15).
 */
export function EditPostPage() {
  useDocumentTitle(`${EDIT_POST} – Lodgehall`);
  const id = parseRecordId(useParams().id);
  const { user } = useSession();
  const query = usePost(id);

  if (id === null) return <NotFound />;
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFound />;
  // A failed background refetch keeps the form the member is typing in.
  if (query.isError && !query.data) {
    return <PostLoadFailed back={NEWS_PATH} onRetry={() => void query.refetch()} />;
  }
  // The server's answer says whether this member may edit it (D58, PERM-12).
  if (query.data && user && !query.data.post.abilities.edit) return <NotFound />;
  return (
    <Container size={760} px={{ base: 'xs', sm: 'md' }} py={{ base: 16, sm: 32 }}>
      {query.data && user ? (
        <EditPostForm key={query.data.post.id} id={id} data={query.data} user={user} />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 40 }} shadow="xs">
          <Stack gap="lg">
            <Title order={1}>{EDIT_POST}</Title>
            <Loader aria-label={LOADING_POST} />
          </Stack>
        </Paper>
      )}
    </Container>
  );
}

function EditPostForm({ id, data, user }: { id: number; data: PostAnswer['data']; user: User }) {
  const update = useUpdatePost(id);
  const { post, post_body: body } = data;
  const choices = useMemo(() => editChoices(user, post), [user, post]);
  // The form reads these once, so a refetch while the member types never overwrites a change.
  const initialValues = useMemo(
    (): PostFormValues => ({
      post_as: choices.postAs.value,
      subject: post.subject ?? '',
      new_body: body.body,
      access: choices.access,
      allows_comments: post.allows_comments,
      photos: post.photos.map((photo) => ({
        kind: 'saved',
        id: photo.id,
        previewUrl: photo.medium_url,
      })),
    }),
    [choices, post, body],
  );
  const visibilityFor = useCallback(() => choices.visibility, [choices]);
  return (
    <PostForm
      title={EDIT_POST}
      submitLabel={SAVE_CHANGES}
      initialValues={initialValues}
      postAsOptions={[choices.postAs]}
      postAsLocked
      visibilityFor={visibilityFor}
      visibilityLocked={choices.visibilityLocked}
      visibilityNote={choices.visibilityNote}
      save={(values) => update.mutateAsync(updatePostRequest(values))}
      fallbackError={ERROR_UPDATING_POST}
    />
  );
}
