import { z } from 'zod';
import { CANT_BE_BLANK } from '../../../common/messages.ts';
import {
  createPostRequestSchema,
  type CreatePostRequest,
  type UpdatePostRequest,
} from '../../../common/schemas/post.ts';
import { bodyHasText } from '../../components/editor/body-text.ts';
import type { FieldErrors } from '../../http/client.ts';
import { isMemberPost } from './post-form-options.ts';
import { formErrors, type FormErrors } from '../../components/forms/form-errors.ts';
import {
  isPhotoErrorKey,
  photosAttributes,
  type FormPhoto,
} from '../../components/photos/form-photos.ts';

/**
 * The post form's values, their check and the requests made from them (POST-10, POST-17,
 * POST-18, VAL: "body non-empty, and subject non-empty unless posting as a member"). The field
 * rules come from the request schema the server validates with, so both sides agree on them;
 * only what the wire schema leaves to the service (which field is required when) is added here.
 */

export interface PostFormValues {
  /** 'MEMBER' or a lodge id; on edit it only tells a member post from a lodge post. */
  post_as: string;
  subject: string;
  /** HTML from the editor. */
  new_body: string;
  access: string;
  allows_comments: boolean;
  photos: FormPhoto[];
}

export type PostFormField = Exclude<keyof PostFormValues, 'photos'> | 'photos';

const wire = createPostRequestSchema.shape.post.shape;

export const postFormSchema = z
  .object({
    post_as: z.string(),
    subject: wire.subject,
    new_body: wire.new_body,
    access: z.string().min(1, CANT_BE_BLANK),
    allows_comments: z.boolean(),
  })
  .superRefine((values, context) => {
    if (!bodyHasText(values.new_body)) {
      context.addIssue({ code: 'custom', path: ['new_body'], message: CANT_BE_BLANK });
    }
    // A lodge post needs a subject; a member post has none (POST-10; on edit, unless PartyPost).
    if (!isMemberPost(values.post_as) && (values.subject ?? '').trim() === '') {
      context.addIssue({ code: 'custom', path: ['subject'], message: CANT_BE_BLANK });
    }
  });

/** POST-17: `POST /posts`. A member post sends no subject. */
export function createPostRequest(values: PostFormValues): CreatePostRequest {
  const member = isMemberPost(values.post_as);
  return {
    post: {
      subject: member ? null : values.subject.trim(),
      access: values.access,
      post_as: values.post_as,
      new_body: values.new_body,
      allows_comments: values.allows_comments,
      photos_attributes: photosAttributes(values.photos),
    },
  };
}

/** POST-18: `PUT /posts/{id}.json`; saved photos go as `{id}`, a saved one left out is removed. */
export function updatePostRequest(values: PostFormValues): UpdatePostRequest {
  const member = isMemberPost(values.post_as);
  return {
    post: {
      ...(member ? {} : { subject: values.subject.trim() }),
      access: values.access,
      new_body: values.new_body,
      allows_comments: values.allows_comments,
      photos_attributes: photosAttributes(values.photos),
    },
  };
}

const FORM_KEYS: ReadonlySet<string> = new Set([
  'post_as',
  'subject',
  'new_body',
  'access',
  'allows_comments',
]);

/** The post form's field for a server field name; null for the base alert. */
export function postFormFieldOf(serverName: string): PostFormField | null {
  if (isPhotoErrorKey(serverName)) return 'photos';
  return FORM_KEYS.has(serverName) ? (serverName as PostFormField) : null;
}

export type PostFormErrors = FormErrors<PostFormField>;

/**
 * ERR-05, ERR-37, ERR-38: a 422's messages under their fields (joined by ', ') and the rest in
 * the base alert; when nothing usable came back, the fallback alone.
 */
export function postFormErrors(errors: FieldErrors | null, fallback: string): PostFormErrors {
  return formErrors(errors, fallback, postFormFieldOf);
}
