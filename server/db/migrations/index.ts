import type { Migration } from 'kysely';
import * as initial from './0001-initial.ts';
import * as feedAndPhotoIndexes from './0002-feed-and-photo-indexes.ts';
import * as calendarFeeds from './0003-calendar-feeds.ts';
import * as eventAttendanceCounts from './0004-event-attendance-counts.ts';
import * as memberSearchKeys from './0005-member-search-keys.ts';
import * as clubSearchKeys from './0006-club-search-keys.ts';
import * as chatCountsAndEvents from './0007-chat-counts-and-events.ts';
import * as duesPayments from './0008-dues-payments.ts';
import * as noticeListIndex from './0009-notice-list-index.ts';
import * as calendarFeedTokenHashes from './0010-calendar-feed-token-hashes.ts';
import * as consoleFoundation from './0011-console-foundation.ts';
import * as rosterImports from './0012-roster-imports.ts';
import * as consoleClubs from './0013-console-clubs.ts';
import * as consoleOfficers from './0014-console-officers.ts';
import * as consoleDues from './0015-console-dues.ts';
import * as rosterWalkIndex from './0016-roster-walk-index.ts';
import * as busCommitOrder from './0017-bus-commit-order.ts';
import * as jobs from './0018-jobs.ts';
import * as mailDeliveries from './0019-mail-deliveries.ts';
import * as calendarEventSeries from './0020-calendar-event-series.ts';
import * as calendarEventTombstones from './0021-calendar-event-tombstones.ts';

/*
 * Every migration, listed explicitly so that bundling and `tsc` output need no directory scan.
 * Keys sort in the order they run; never rename or edit an applied one, add the next instead.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_feed_and_photo_indexes': feedAndPhotoIndexes,
  '0003_calendar_feeds': calendarFeeds,
  '0004_event_attendance_counts': eventAttendanceCounts,
  '0005_member_search_keys': memberSearchKeys,
  '0006_club_search_keys': clubSearchKeys,
  '0007_chat_counts_and_events': chatCountsAndEvents,
  '0008_dues_payments': duesPayments,
  '0009_notice_list_index': noticeListIndex,
  '0010_calendar_feed_token_hashes': calendarFeedTokenHashes,
  '0011_console_foundation': consoleFoundation,
  '0012_roster_imports': rosterImports,
  '0013_console_clubs': consoleClubs,
  '0014_console_officers': consoleOfficers,
  '0015_console_dues': consoleDues,
  '0016_roster_walk_index': rosterWalkIndex,
  '0017_bus_commit_order': busCommitOrder,
  '0018_jobs': jobs,
  '0019_mail_deliveries': mailDeliveries,
  '0020_calendar_event_series': calendarEventSeries,
  '0021_calendar_event_tombstones': calendarEventTombstones,
};
