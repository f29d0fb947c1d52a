import { Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { Photo } from '../../../common/schemas/post.ts';
import { BackLink } from '../BackLink.tsx';
import { CommentsSection } from '../comments/CommentsSection.tsx';
import { PhotoMosaic } from '../photos/PhotoMosaic.tsx';
import classes from './RecordDetail.module.css';

/** The article's test id and its record's id attribute (`data-post-id`, `data-event-id`). */
export type RecordArticleData = { 'data-testid': string } & Record<`data-${string}-id`, number>;

export interface RecordDetailProps {
  back: string;
  backLabel: string;
  article: RecordArticleData;
  /** The record's name: the heading and the browser tab's title. */
  title: string;
  /** Above the title (a post's byline). */
  byline?: ReactNode;
  /** Between the title and the body (a post's Edit and Delete, an event's facts). */
  header?: ReactNode;
  /** The rich text as the server cleaned it, and its test id. */
  body: { html: string; testId: string };
  photos: readonly Photo[];
  /** After the photos (Donate Now, an event's actions). */
  footer?: ReactNode;
  /** Panels between the record and its comments (an event's answer and who has answered). */
  panels?: ReactNode;
  comments: { containerId: number; allowsComments: boolean };
}

/**
 * A record's screen (a post, an event; POST-04, CAL-11..22): the way back to its list, the
 * record as a card (its title, the rich-text body, its photos, and the slots each kind of
 * record fills), then its panels and its comments.
 */
export function RecordDetail({
  back,
  backLabel,
  article,
  title,
  byline = null,
  header = null,
  body,
  photos,
  footer = null,
  panels = null,
  comments,
}: RecordDetailProps) {
  useDocumentTitle(`${title} – Lodgehall`);
  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <BackLink to={back} label={backLabel} />
        <article className={classes.article} {...article}>
          {byline}
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {header}
          <div
            className={classes.body}
            data-testid={body.testId}
            // Safe: the server cleans every body and description with a sanitize-html allow-list
            // when it is saved (server/services/rich-text.ts: no scripts, event handlers, styles
            // or javascript: links), and this is the only way to show the formatting it keeps.
            dangerouslySetInnerHTML={{ __html: body.html }}
          />
          {photos.length > 0 ? <PhotoMosaic photos={photos} /> : null}
          {footer}
        </article>
        {panels}
        <CommentsSection
          containerId={comments.containerId}
          allowsComments={comments.allowsComments}
        />
      </Stack>
    </Container>
  );
}

/** A row of a record's buttons, wrapping on a phone. */
export function RecordActions({ children }: { children: ReactNode }) {
  return <div className={classes.actions}>{children}</div>;
}
