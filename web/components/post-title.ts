import type { Post } from '../../common/schemas/post.ts';

/** A few words that name a post without a subject (member posts), for links and headings. */
export function postTitle(post: Pick<Post, 'subject' | 'short_body'>, words = 8): string {
  if (post.subject) return post.subject;
  const all = post.short_body.trim().split(/\s+/);
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
}
