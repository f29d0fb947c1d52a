/**
 * Every user-visible string that the spec quotes, exactly as quoted (spelling, case,
 * punctuation and spacing kept: `occured`, two spaces after `server.`). Screens and tests
 * read these constants so they never drift apart. Checklist IDs are noted beside each group.
 *
 * Strings with a `{placeholder}` are functions. Texts the spec leaves open and the checklist's
 * AMB rows decide are marked with the AMB id; Lodgehall's own words, where the spec gives
 * none, are marked as such and may change freely.
 *
 * The strings live in one file per area under messages/; this file is the one import path for
 * screens, server and tests. Pure data: no DOM types and no JSX, so the server can import it.
 */

// Calendar, chats, directory and account add their strings to their files here; a new area adds messages/<area>.ts and a line below.
export * from './messages/common.ts';
export * from './messages/shell.ts';
export * from './messages/validation.ts';
export * from './messages/photos.ts';
export * from './messages/identity.ts';
export * from './messages/posts.ts';
export * from './messages/comments.ts';
export * from './messages/calendar.ts';
export * from './messages/recurrence.ts';
export * from './messages/event-repeats.ts';
export * from './messages/chats.ts';
export * from './messages/chat-list.ts';
export * from './messages/chat-screen.ts';
export * from './messages/directory.ts';
export * from './messages/clubs.ts';
export * from './messages/account.ts';
export * from './messages/contacts.ts';
export * from './messages/dues.ts';
export * from './messages/notices.ts';
export * from './messages/mail-settings.ts';
export * from './messages/status-checker.ts';
export * from './messages/lodge-office.ts';
export * from './messages/lodge-office-officers.ts';
export * from './messages/lodge-office-dues.ts';
export * from './messages/lodge-office-clubs.ts';
