/** Posts: the lists, a post, the post form and the posts API's refusals. Read through common/messages.ts. */

/** Posts (ROUTE-04, POST-*). */
export const LOAD_MORE = 'Load More';
export const NEW_POST = 'New Post';
export const EDIT_POST = 'Edit Post';
export const DONATE_NOW = 'Donate Now';
export const POST_AS = 'Post As';
export const POST_AS_MEMBER = 'Member';
export const SUBJECT = 'Subject';
export const PHOTOS = 'Photos';
export const VISIBILITY = 'Visibility';
export const ALLOWS_COMMENTS = 'Allows Comments';
export const ALL_FOLLOWERS = 'All followers';
export const membersOfLodge = (lodge: string): string => `Members of ${lodge}`;

/** Error catalogue (§8). */
export const ERROR_DELETING_POST = 'Error deleting post.';
export const ERROR_CREATING_POST = 'Error creating post.';
export const ERROR_UPDATING_POST = 'Error updating post.';

/** The post form (POST-08..18). Post As names the lodge; the rest are Lodgehall's own words. */
export const webmasterOfLodge = (lodge: string): string => `Webmaster of ${lodge}`;
export const POST_BODY_LABEL = 'Message';
export const POST_BODY_HINT = 'Use the buttons above the box for bold, lists, headings and links.';
export const POST_SUBJECT_HINT = 'A short title for the post.';
export const POST_AS_HINT = 'Post in your own name, or for a lodge you look after.';
export const VISIBILITY_LOCKED =
  'You are no longer a member of this lodge, so who can see this post cannot be changed.';
export const PUBLISH_POST = 'Publish Post';
export const SAVE_CHANGES = 'Save Changes';
export const LOADING_EDITOR = 'Loading the editor…';
export const LOADING_POST = 'Loading the post…';
export const EDITOR_BOLD = 'Bold';
export const EDITOR_ITALIC = 'Italic';
export const EDITOR_UNDERLINE = 'Underline';
export const EDITOR_BULLET_LIST = 'Bulleted list';
export const EDITOR_ORDERED_LIST = 'Numbered list';
export const EDITOR_HEADING = 'Heading';
export const EDITOR_SUBHEADING = 'Small heading';
export const EDITOR_LINK = 'Add a link';
export const EDITOR_UNLINK = 'Remove the link';
export const EDITOR_LINK_ADDRESS = 'Link address';
export const EDITOR_LINK_SAVE = 'Save link';
export const SAVING_POST = 'Saving your post…';
/** The edit form's Visibility note when the post is another member's (an admin editing it). */
export const VISIBILITY_AUTHORS_ONLY =
  'Only the author can change who can see a member post, so it stays as it is.';

/** Post list and detail (POST-01..20, AMB-17). Lodgehall's own words. */
export const POSTS_TITLE = 'Posts';
export const LODGE_POSTS_TITLE = 'Lodge Posts';
export const lodgePostsTitle = (lodge: string): string => `${lodge} – Posts`;
export const NO_POSTS_YET = 'No posts yet.';
export const LOADING_POSTS = 'Loading the posts…';
export const POSTS_LOAD_FAILED = 'The posts could not be loaded.';
export const MORE_POSTS_LOAD_FAILED = 'More posts could not be loaded.';
export const postsShown = (count: number): string =>
  count === 1 ? 'Showing 1 post.' : `Showing ${count} posts.`;
export const READ_MORE = 'Read more';
export const readMoreAbout = (title: string): string => `Read more: ${title}`;
export const postBy = (name: string): string => `Post by ${name}`;
export const postedToLodge = (lodge: string): string => `to ${lodge}`;
export const postedByMember = (name: string): string => `Posted by ${name}`;
export const commentCount = (count: number): string =>
  count === 1 ? '1 comment' : `${count} comments`;
export const BACK_TO_POSTS = 'Back to Posts';
export const backToLodgePosts = (lodge: string): string => `Back to ${lodge} posts`;
export const EDIT_POST_LINK = 'Edit';
export const DELETE_POST_BUTTON = 'Delete';
export const DELETE_POST_TITLE = 'Delete Post';
export const CONFIRM_DELETE_POST = 'Are you sure you wish to delete this post?';

/** Refusals of the posts API. Lodgehall's own words. */
export const tooManyNewPhotos = (maximum: number): string =>
  `You can add at most ${maximum} photos at a time.`;
export const notAPhotoOfThisPost = (photoId: number): string =>
  `Photo ${photoId} is not a photo of this post.`;
export const NO_SUCH_POST = 'No such post.';
export const NO_SUCH_LODGE = 'No such lodge.';
export const ONLY_WEBMASTERS_POST_AS_LODGE = 'You may post only as a lodge you are webmaster of.';
