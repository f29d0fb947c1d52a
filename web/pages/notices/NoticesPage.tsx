import { Button, Container, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  LOADING_NOTICES,
  NO_NOTICES,
  NOTICES_TITLE,
  OPENING_NOTICE,
  TRY_AGAIN,
  UNREAD_NOTICE,
} from '../../../common/messages.ts';
import type { Notice } from '../../../common/schemas/notice.ts';
import { useMarkNoticeRead, useNotices } from '../../api/notices.ts';
import { Loading, LoadMore } from '../../components/LoadStates.tsx';
import { serverNow } from '../../http/server-clock.ts';
import { noticeTarget } from './notice-target.ts';
import { noticeTime } from './notice-time.ts';
import classes from './NoticesPage.module.css';

/**
 * /notices (ROUTE-30, NOTE-01..12): the member's notices, newest first, each with the unread
 * dot, its message as the server's cleaned HTML and its age; Load More for older ones. Opening
 * an unread notice marks it read (the badge drops with the answer's x-user-metadata) and then
 * goes to its target; a read one just goes (AMB-29). A failed load stops the spinner with no
 * message of its own (ERR-60, AMB-15: the global dialog has said what failed).
 */
export function NoticesPage() {
  useDocumentTitle(`${NOTICES_TITLE} – Lodgehall`);
  const query = useNotices();

  let content: ReactNode;
  if (query.isPending) {
    content = <Loading label={LOADING_NOTICES} testId="notices-loading" />;
  } else if (query.isError) {
    content = (
      <div data-testid="notices-load-failed">
        <Button
          variant="default"
          size="md"
          leftSection={<IconRefresh size={22} aria-hidden="true" />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {TRY_AGAIN}
        </Button>
      </div>
    );
  } else {
    const notices = query.data.pages.flatMap((page) => page.notices);
    const now = serverNow();
    content =
      notices.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="notices-empty">
          <Text size="lg">{NO_NOTICES}</Text>
        </Paper>
      ) : (
        <>
          <ul className={classes.list} data-testid="notice-list">
            {notices.map((notice) => (
              <li key={notice.id} className={classes.item}>
                <NoticeRow notice={notice} now={now} />
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <LoadMore
              loading={query.isFetchingNextPage}
              onLoad={() => void query.fetchNextPage()}
            />
          ) : null}
        </>
      );
  }

  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <Title order={1}>{NOTICES_TITLE}</Title>
        {content}
      </Stack>
    </Container>
  );
}

function NoticeRow({ notice, now }: { notice: Notice; now: number }) {
  const target = noticeTarget(notice);
  const markRead = useMarkNoticeRead();
  const navigate = useNavigate();

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // A read notice is an ordinary link (AMB-29); so is a click meant for a new tab.
    if (notice.is_read || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
      return;
    }
    event.preventDefault();
    if (markRead.isPending) return;
    markRead.mutate(notice.id, {
      onSuccess: () => void navigate(target.path, target.state ? { state: target.state } : {}),
    });
  };

  return (
    <Link
      to={target.path}
      state={target.state}
      onClick={open}
      className={notice.is_read ? classes.row : `${classes.row} ${classes.unread}`}
      aria-busy={markRead.isPending ? 'true' : undefined}
      data-testid="notice-row"
      data-notice-id={notice.id}
      data-unread={notice.is_read ? undefined : 'true'}
    >
      <span className={classes.mark}>
        {notice.is_read ? null : (
          <>
            <span className={classes.dot} data-testid="notice-unread-dot" aria-hidden="true" />
            <VisuallyHidden>{UNREAD_NOTICE}</VisuallyHidden>
          </>
        )}
      </span>
      <span className={classes.text}>
        <span
          className={classes.message}
          data-testid="notice-message"
          // Safe: the server cleans every message with the posts' sanitize-html allow-list on
          // the way out (server/services/notices.ts), and this is how its formatting shows.
          dangerouslySetInnerHTML={{ __html: notice.message }}
        />
        <time
          className={classes.time}
          dateTime={new Date(notice.last_set_at).toISOString()}
          data-testid="notice-time"
        >
          {noticeTime(notice.last_set_at, now)}
        </time>
        {markRead.isPending ? (
          <VisuallyHidden role="status">{OPENING_NOTICE}</VisuallyHidden>
        ) : null}
      </span>
    </Link>
  );
}
