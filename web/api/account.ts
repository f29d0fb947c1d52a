import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  mailSettingsAnswerSchema,
  unsubscribeAnswerSchema,
  type MailSettings,
  type UnsubscribeState,
} from '../../common/schemas/mail-settings.ts';
import { partyAvatarAnswerSchema } from '../../common/schemas/party-avatar.ts';
import type { SessionParty } from '../../common/schemas/session.ts';
import { apiRequest } from '../http/client.ts';
import { calendarEventKeys } from './calendar-events.ts';
import { chatKeys } from './chats.ts';
import { commentKeys } from './comments.ts';
import { partyKeys } from './parties.ts';
import { postKeys } from './posts.ts';
import { getSessionState, updateSessionUser } from './session.ts';

type Avatar = NonNullable<SessionParty['avatar']>;

export interface PasswordChange {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

/**
 * `POST /password_settings` (PWD-02, API-REG-10), signed. A 422 rejects with field errors
 * under current_password, password, password_confirmation or base (ERR-55).
 */
export async function changePassword(change: PasswordChange): Promise<void> {
  await apiRequest<unknown>('POST', '/password_settings', {
    body: {
      password_setting: {
        current_password: change.currentPassword,
        password: change.password,
        password_confirmation: change.passwordConfirmation,
      },
    },
  });
}

// ---- The avatar (§4 Avatar, ACCT-04, ACCT-05; API-ACCT-05, API-ACCT-06) ----------------------

export interface AvatarUpload {
  fileName: string;
  contentType: string;
  /** The file's bytes, base64 without a data: prefix. */
  base64: string;
}

/**
 * `PUT /party_avatar`: resolves with the new `data.avatar`. The screen shows ERR-58 for every
 * failure, so the global Network and Server Error dialogs stay away (a 401 still ends the
 * session); a 422 carries the reason under `avatar` (VAL-02, the size limits).
 */
export async function putAvatar(upload: AvatarUpload): Promise<Avatar> {
  const answer = await apiRequest<unknown>('PUT', '/party_avatar', {
    body: {
      party: {
        avatar_file_name: upload.fileName,
        avatar_content_type: upload.contentType,
        avatar_base64: upload.base64,
      },
    },
    globalErrors: false,
  });
  const avatar = partyAvatarAnswerSchema.parse(answer).data.avatar;
  if (!avatar) throw new Error('The avatar answer holds no avatar.');
  return avatar;
}

/** `DELETE /party_avatar`: the initials show again. */
export async function deleteAvatar(): Promise<void> {
  await apiRequest<unknown>('DELETE', '/party_avatar', { globalErrors: false });
}

/**
 * After the avatar changed: the session user carries it, so the top bar and this page show it
 * at once without a reload; every cached answer that shows the member (posts, comments, chats,
 * events' attendees, party pages and contact lists) is fetched again, since each carries the
 * old URL.
 */
async function avatarChanged(client: QueryClient, avatar: Avatar | null): Promise<void> {
  const { user } = getSessionState();
  if (user) updateSessionUser({ ...user, party: { ...user.party, avatar } });
  await Promise.all(
    [postKeys.all, commentKeys.all, chatKeys.all, calendarEventKeys.all, partyKeys.all].map(
      (queryKey) => client.invalidateQueries({ queryKey }),
    ),
  );
}

/** ACCT-04: saves the chosen picture; on success the new avatar shows everywhere. */
export function useSetAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putAvatar,
    onSuccess: (avatar) => avatarChanged(client, avatar),
  });
}

/** ACCT-05: removes the avatar; on success the initials show everywhere. */
export function useRemoveAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAvatar,
    onSuccess: () => avatarChanged(client, null),
  });
}

// ---- E-mail and reminders (issue 25, D81) ---------------------------------------------------

/** Every query of the member's e-mail settings; the save writes its answer through these. */
export const mailSettingsKeys = {
  all: ['mail-settings'] as const,
  mine: () => [...mailSettingsKeys.all, 'mine'] as const,
  unsubscribe: (token: string) => [...mailSettingsKeys.all, 'unsubscribe', token] as const,
};

/** Only the member changes them here; an unsubscribe link from a mail shows on the next visit. */
export const MAIL_SETTINGS_STALE_MS = 60_000;

/**
 * `GET /mail_settings.json`, signed. No global dialog: My Account's section says it failed with
 * a retry, and an event's reminder line is only a hint.
 */
export async function fetchMailSettings(signal?: AbortSignal): Promise<MailSettings> {
  const answer = await apiRequest<unknown>('GET', '/mail_settings.json', {
    globalErrors: false,
    ...(signal ? { signal } : {}),
  });
  return mailSettingsAnswerSchema.parse(answer).data.mail_settings;
}

export function useMailSettings() {
  return useQuery({
    queryKey: mailSettingsKeys.mine(),
    queryFn: ({ signal }) => fetchMailSettings(signal),
    staleTime: MAIL_SETTINGS_STALE_MS,
  });
}

/**
 * `PUT /mail_settings.json`, signed. The section shows its own message for a failure, so the
 * global dialogs stay away (a 401 still ends the session).
 */
export async function saveMailSettings(settings: Partial<MailSettings>): Promise<MailSettings> {
  const answer = await apiRequest<unknown>('PUT', '/mail_settings.json', {
    body: { mail_settings: settings },
    globalErrors: false,
  });
  return mailSettingsAnswerSchema.parse(answer).data.mail_settings;
}

/** Saves the choices; the answer becomes the cached settings. */
export function useSaveMailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMailSettings,
    onSuccess: (settings) => client.setQueryData(mailSettingsKeys.mine(), settings),
  });
}

const PUBLIC_CALL = { signed: false, globalErrors: false, handleUnauthorized: false } as const;

/** `GET /unsubscribe.json`: what an e-mail's link turns off. No session: the token is the key. */
export async function fetchUnsubscribeState(
  token: string,
  signal?: AbortSignal,
): Promise<UnsubscribeState> {
  const answer = await apiRequest<unknown>('GET', '/unsubscribe.json', {
    ...PUBLIC_CALL,
    query: { token },
    ...(signal ? { signal } : {}),
  });
  return unsubscribeAnswerSchema.parse(answer).data.unsubscribe;
}

export function useUnsubscribeState(token: string) {
  return useQuery({
    queryKey: mailSettingsKeys.unsubscribe(token),
    queryFn: ({ signal }) => fetchUnsubscribeState(token, signal),
    // A 404 (a bad link) is the answer, not a hiccup to retry.
    retry: false,
  });
}

/** `POST /unsubscribe.json`: turns off what the link names. */
export async function unsubscribe(token: string): Promise<UnsubscribeState> {
  const answer = await apiRequest<unknown>('POST', '/unsubscribe.json', {
    ...PUBLIC_CALL,
    body: { token },
  });
  return unsubscribeAnswerSchema.parse(answer).data.unsubscribe;
}

/** Unsubscribes; a signed-in member's cached settings are read again. */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (state) => {
      client.setQueryData(mailSettingsKeys.unsubscribe(token), { ...state, already_off: true });
      void client.invalidateQueries({ queryKey: mailSettingsKeys.mine() });
    },
  });
}
