import { Button, Text, VisuallyHidden } from '@mantine/core';
import { type RefObject, type UIEvent } from 'react';
import { formatMessageTime } from '../../../../common/chat-message-time.ts';
import {
  BEGINNING_OF_CHAT,
  CHAT_MESSAGES_LABEL,
  LOAD_EARLIER_MESSAGES,
  NO_MESSAGES_YET,
  photoFrom,
  SENDING,
  SYSTEM_NOTE,
  YOU,
} from '../../../../common/messages.ts';
import type { ChatMessage, ChatPartyEntry } from '../../../../common/schemas/chat.ts';
import type { Photo } from '../../../../common/schemas/post.ts';
import { MemberAvatar } from '../../../components/MemberAvatar.tsx';
import { groupMessages } from './chat-groups.ts';
import classes from './ChatMessages.module.css';

/** A send on its way: shown as the viewer's, marked Sending…, until the answer (D45). */
export interface PendingMessage {
  clientId: string;
  content: string | null;
  previewUrl: string | null;
  startedAt: number;
}

/** Within this many pixels of the top, scrolling up asks for the earlier messages. */
const LOAD_EARLIER_WITHIN_PX = 120;

export interface ChatMessagesProps {
  messages: readonly ChatMessage[];
  parties: readonly ChatPartyEntry[];
  viewerId: number;
  pending: PendingMessage | null;
  seen: { messageId: number; text: string } | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onOpenPhoto: (photo: Photo, label: string) => void;
  scrollRef: RefObject<HTMLDivElement | null>;
}

/**
 * The scrolling message area (CHAT-11..14, CONST-27, CONST-28): newest at the bottom, a
 * separator for each day, a member's consecutive messages under one name and avatar, system
 * messages as notes without a sender, photos that open full size. Earlier messages load at
 * the top, by scrolling up or with the button (for those who do not scroll).
 */
export function ChatMessages({
  messages,
  parties,
  viewerId,
  pending,
  seen,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onOpenPhoto,
  scrollRef,
}: ChatMessagesProps) {
  const names = new Map(parties.map((entry) => [entry.party.id, entry.party]));
  const days = groupMessages(messages);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (hasOlder && !loadingOlder && event.currentTarget.scrollTop < LOAD_EARLIER_WITHIN_PX)
      onLoadOlder();
  };

  const body = (message: ChatMessage, senderName: string) => (
    <div
      key={message.id}
      className={classes.bubble}
      data-testid="chat-message"
      data-message-id={message.id}
    >
      {message.photo ? (
        <button
          type="button"
          className={classes.photoButton}
          aria-label={photoFrom(senderName)}
          onClick={() => message.photo && onOpenPhoto(message.photo, photoFrom(senderName))}
          data-testid="chat-photo"
        >
          <img className={classes.photo} src={message.photo.medium_url} alt="" />
        </button>
      ) : (
        message.content
      )}
      <time className={classes.time} dateTime={new Date(message.created_at).toISOString()}>
        {formatMessageTime(message.created_at)}
      </time>
      {seen?.messageId === message.id ? (
        <span className={classes.seen} data-testid="chat-seen">
          {seen.text}
        </span>
      ) : null}
    </div>
  );

  return (
    <div
      ref={scrollRef}
      className={classes.area}
      onScroll={onScroll}
      role="log"
      aria-label={CHAT_MESSAGES_LABEL}
      tabIndex={0}
      data-testid="chat-messages"
    >
      <div className={classes.top}>
        {hasOlder ? (
          <Button
            variant="default"
            size="md"
            loading={loadingOlder}
            onClick={onLoadOlder}
            data-testid="load-earlier"
          >
            {LOAD_EARLIER_MESSAGES}
          </Button>
        ) : messages.length > 0 ? (
          <span>{BEGINNING_OF_CHAT}</span>
        ) : null}
      </div>
      {messages.length === 0 && pending === null ? (
        <Text size="lg" ta="center" py="xl">
          {NO_MESSAGES_YET}
        </Text>
      ) : null}
      {days.map((day) => (
        <section key={day.key} aria-label={day.label}>
          <h2 className={classes.day}>{day.label}</h2>
          {day.runs.map((run) => {
            if (run.kind === 'system') {
              return (
                <p key={run.key} className={classes.system} data-testid="chat-system-message">
                  <VisuallyHidden>{SYSTEM_NOTE}: </VisuallyHidden>
                  {run.message.content}
                  <time className={classes.time}>{formatMessageTime(run.message.created_at)}</time>
                </p>
              );
            }
            const mine = run.partyId === viewerId;
            const party = names.get(run.partyId);
            const name = mine ? YOU : (party?.display_name ?? '');
            return (
              <div
                key={run.key}
                className={`${classes.run} ${mine ? classes.mine : ''}`}
                data-testid="chat-run"
                data-mine={mine}
              >
                {!mine && party ? <MemberAvatar party={party} size={40} /> : null}
                <div className={classes.bubbles}>
                  <span className={classes.sender}>{name}</span>
                  {run.messages.map((message) => body(message, name))}
                </div>
              </div>
            );
          })}
        </section>
      ))}
      {pending ? (
        <div className={`${classes.run} ${classes.mine}`} data-testid="chat-pending">
          <div className={classes.bubbles}>
            <span className={classes.sender}>{YOU}</span>
            <div className={`${classes.bubble} ${classes.pending}`}>
              {pending.previewUrl ? (
                <img className={classes.photo} src={pending.previewUrl} alt="" />
              ) : (
                pending.content
              )}
              <span className={classes.time} role="status">
                {SENDING}
              </span>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
