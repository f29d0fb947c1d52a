import { z } from 'zod';
import { INVALID_CHOICE } from '../messages.ts';

/**
 * What a member is told by e-mail, and when (issue 25, docs/decisions.md D81): notices at
 * once, in a daily digest or not at all; the mail of an Announce, or none; a reminder before a
 * meeting they said Going to. Stored as the member's preferences; a member who never chose has
 * the defaults below.
 */
export const NOTICE_MAIL_CHOICES = ['immediately', 'daily', 'off'] as const;
export const REMINDER_CHOICES = ['off', '1_hour', '1_day', '3_days'] as const;

export const noticeMailSchema = z.enum(NOTICE_MAIL_CHOICES, { error: INVALID_CHOICE });
export type NoticeMail = z.infer<typeof noticeMailSchema>;
export const reminderSchema = z.enum(REMINDER_CHOICES, { error: INVALID_CHOICE });
export type Reminder = z.infer<typeof reminderSchema>;

/** How long before a meeting's start each reminder choice sends it, in ms. */
export const REMINDER_LEAD_MS: Readonly<Record<Exclude<Reminder, 'off'>, number>> = {
  '1_hour': 60 * 60_000,
  '1_day': 24 * 60 * 60_000,
  '3_days': 3 * 24 * 60 * 60_000,
};

export const mailSettingsSchema = z.object({
  /** Notices (comments, changed or cancelled events) by e-mail: at once, once a day, never. */
  notice_mail: noticeMailSchema,
  /** An Announce's e-mail: sent at once to every member who left this on. */
  announcement_mail: z.boolean({ error: INVALID_CHOICE }),
  /** A reminder before a meeting the member said Going to. */
  event_reminder: reminderSchema,
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

/** D81: what a member has who never chose. */
export const DEFAULT_MAIL_SETTINGS: MailSettings = {
  notice_mail: 'daily',
  announcement_mail: true,
  event_reminder: '1_day',
};

export const mailSettingsAnswerSchema = z.object({
  data: z.object({ mail_settings: mailSettingsSchema }),
});
export type MailSettingsAnswer = z.infer<typeof mailSettingsAnswerSchema>;

/** `PUT /mail_settings.json`: only the settings sent change. */
export const mailSettingsRequestSchema = z.object({
  mail_settings: mailSettingsSchema.partial().strict(),
});
export type MailSettingsRequest = z.infer<typeof mailSettingsRequestSchema>;

// ---- One-click unsubscribe ---------------------------------------------------------------------

/** Which setting an unsubscribe link turns off. */
export const UNSUBSCRIBE_TOPICS = ['notice_mail', 'announcement_mail', 'event_reminder'] as const;
export const unsubscribeTopicSchema = z.enum(UNSUBSCRIBE_TOPICS);
export type UnsubscribeTopic = z.infer<typeof unsubscribeTopicSchema>;

/** The web page that answers an unsubscribe link, below the app's base path. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** The token of a link: the member, the topic and the server's signature, URL-safe. */
export const unsubscribeTokenSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_.-]+$/);

export const unsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema });
export const unsubscribeRequestSchema = z.object({ token: unsubscribeTokenSchema });

/** What a link turns off, and whether it is off already. */
export const unsubscribeStateSchema = z.object({
  topic: unsubscribeTopicSchema,
  already_off: z.boolean(),
});
export type UnsubscribeState = z.infer<typeof unsubscribeStateSchema>;

export const unsubscribeAnswerSchema = z.object({
  data: z.object({ unsubscribe: unsubscribeStateSchema }),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;
