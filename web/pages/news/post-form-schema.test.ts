import { describe, expect, it } from 'vitest';
import { CANT_BE_BLANK } from '../../../common/messages.ts';
import { createPostRequestSchema, updatePostRequestSchema } from '../../../common/schemas/post.ts';
import { bodyHasText } from '../../components/editor/body-text.ts';
import {
  createPostRequest,
  postFormErrors,
  postFormSchema,
  updatePostRequest,
  type PostFormValues,
} from './post-form-schema.ts';

const values = (overrides: Partial<PostFormValues> = {}): PostFormValues => ({
  post_as: 'MEMBER',
  subject: '',
  new_body: '<p>Hello <strong>all</strong></p>',
  access: 'ALL_FOLLOWERS',
  allows_comments: true,
  photos: [],
  ...overrides,
});

function issues(input: PostFormValues) {
  const result = postFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
}

describe('the post form check (§5 New post, Edit post; POST-10)', () => {
  it('needs text in the body; empty paragraphs are blank', () => {
    expect(bodyHasText('<p></p>')).toBe(false);
    expect(bodyHasText('<p>&nbsp; </p>')).toBe(false);
    expect(bodyHasText('<p><strong>x</strong></p>')).toBe(true);
    expect(issues(values({ new_body: '<p></p>' }))).toEqual({ new_body: CANT_BE_BLANK });
  });

  it('needs no subject for a member post but one for a lodge post', () => {
    expect(issues(values())).toEqual({});
    expect(issues(values({ post_as: '12', access: 'PUBLIC', subject: '  ' }))).toEqual({
      subject: CANT_BE_BLANK,
    });
    expect(issues(values({ post_as: '12', access: 'PUBLIC', subject: 'Picnic' }))).toEqual({});
  });
});

describe('the requests (POST-14, POST-17, POST-18, AMB-09)', () => {
  it('makes a create request the server’s schema accepts, member posts without a subject', () => {
    const request = createPostRequest(
      values({ subject: 'ignored', access: '11', allows_comments: false }),
    );
    expect(request).toEqual({
      post: {
        subject: null,
        access: '11',
        post_as: 'MEMBER',
        new_body: '<p>Hello <strong>all</strong></p>',
        allows_comments: false,
        photos_attributes: [],
      },
    });
    expect(createPostRequestSchema.safeParse(request).success).toBe(true);
  });

  it('sends a lodge post’s trimmed subject and post_as as the lodge id', () => {
    const request = createPostRequest(
      values({ post_as: '12', access: 'CLUB', subject: ' Picnic ' }),
    );
    expect(request.post).toMatchObject({ subject: 'Picnic', post_as: '12', access: 'CLUB' });
    expect(createPostRequestSchema.safeParse(request).success).toBe(true);
  });

  it('makes an update request without post_as, and without a subject for a member post', () => {
    const request = updatePostRequest(
      values({ photos: [{ kind: 'saved', id: 3, previewUrl: '/media/3' }] }),
    );
    expect(request.post).not.toHaveProperty('post_as');
    expect(request.post).not.toHaveProperty('subject');
    expect(request.post.photos_attributes).toEqual([{ id: 3 }]);
    expect(updatePostRequestSchema.safeParse(request).success).toBe(true);
  });
});

describe('server errors on the form (ERR-05, ERR-37, ERR-38)', () => {
  it('puts field messages under their fields, photo ones under Photos, the rest in base', () => {
    expect(
      postFormErrors(
        {
          subject: ["can't be blank"],
          new_body: ["can't be blank"],
          image_base64: ['Image "a.png" must have image type jpg, jpeg, png, or gif.'],
          base: ['Something else'],
        },
        'Error creating post.',
      ),
    ).toEqual({
      fields: {
        subject: "can't be blank",
        new_body: "can't be blank",
        photos: 'Image "a.png" must have image type jpg, jpeg, png, or gif.',
      },
      base: ['Something else'],
    });
  });

  it('falls back to the fixed message when nothing usable came back', () => {
    expect(postFormErrors(null, 'Error updating post.')).toEqual({
      fields: {},
      base: ['Error updating post.'],
    });
    expect(postFormErrors({ subject: [] }, 'Error creating post.').base).toEqual([
      'Error creating post.',
    ]);
  });
});
