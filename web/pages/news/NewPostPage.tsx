import { Container } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useMemo } from 'react';
import { POST_AS_MEMBER_VALUE, ALL_FOLLOWERS_ACCESS } from '../../../common/constants.ts';
import { ERROR_CREATING_POST, NEW_POST, PUBLISH_POST } from '../../../common/messages.ts';
import { useCreatePost } from '../../api/posts.ts';
import { useSession } from '../../api/session.ts';
import { postAsOptions, visibilityOptions } from './post-form-options.ts';
import { createPostRequest, type PostFormValues } from './post-form-schema.ts';
import { PostForm } from './PostForm.tsx';

/** CONST-20, POST-14: a member post to 'All followers', comments allowed, nothing else yet. */
const EMPTY_POST: PostFormValues = {
  post_as: POST_AS_MEMBER_VALUE,
  subject: '',
  new_body: '',
  access: ALL_FOLLOWERS_ACCESS,
  allows_comments: true,
  photos: [],
};

/** /news/new (ROUTE-07, POST-08..17): `POST /posts`, then back. */
export function NewPostPage() {
  useDocumentTitle(`${NEW_POST} – Lodgehall`);
  const { user } = useSession();
  const create = useCreatePost();
  const clubs = user?.clubs;
  const options = useMemo(() => postAsOptions({ clubs: clubs ?? [] }), [clubs]);
  const visibilityFor = useCallback(
    (postAs: string) => visibilityOptions({ clubs: clubs ?? [] }, postAs),
    [clubs],
  );
  return (
    <Container size={760} px={{ base: 'xs', sm: 'md' }} py={{ base: 16, sm: 32 }}>
      <PostForm
        title={NEW_POST}
        submitLabel={PUBLISH_POST}
        initialValues={EMPTY_POST}
        postAsOptions={options}
        visibilityFor={visibilityFor}
        save={(values) => create.mutateAsync(createPostRequest(values))}
        fallbackError={ERROR_CREATING_POST}
      />
    </Container>
  );
}
