import { Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconCalendarEvent,
  IconClock,
  IconExternalLink,
  IconFiles,
  IconHome,
  IconLayoutDashboard,
  IconMapPin,
  IconNews,
  IconPhoto,
  type Icon,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BASE_PATH, MAP_IMAGE_SIZE } from '../../../common/constants.ts';
import {
  BACK_TO_DIRECTORY,
  CLUB_ABOUT,
  CLUB_ADDRESS,
  CLUB_CALENDAR,
  CLUB_DASHBOARD,
  CLUB_FILES,
  CLUB_HOME,
  CLUB_LATEST_POST,
  CLUB_LINKS_LABEL,
  CLUB_MEETINGS,
  CLUB_MEMBER_CLUBS,
  CLUB_NEXT_EVENT,
  CLUB_NO_UPCOMING_EVENT,
  CLUB_OFFICERS,
  CLUB_OPEN_MAP,
  CLUB_PAGES_LABEL,
  CLUB_PARENT_GROUP,
  CLUB_PHOTOS,
  CLUB_POSTS,
  LOADING_CLUB,
  NO_POSTS_YET,
  OPENS_IN_NEW_TAB,
  clubMapAlt,
} from '../../../common/messages.ts';
import type { Club, ClubSummary } from '../../../common/schemas/club.ts';
import { useClub } from '../../api/clubs.ts';
import { ClubFavoriteSwitch } from '../../components/ClubFavoriteSwitch.tsx';
import { RecordScreen } from '../../components/LoadStates.tsx';
import { LodgeAvatar } from '../../components/LodgeAvatar.tsx';
import { lodgePlace } from '../../components/LodgeList.tsx';
import {
  clubCalendarPath,
  clubEventPath,
  clubNewsPath,
  clubPath,
  DIRECTORY_PATH,
  partyPath,
  postPath,
} from '../../paths.ts';
import { formatPostDate } from '../../components/dates.ts';
import { postTitle } from '../../components/post-title.ts';
import classes from './ClubHomePage.module.css';

/**
 * /clubs/{subdomain} (ROUTE-01, CLUB-01..18): the club home. On a phone it is one column:
 * the header with the favourite switch, the Home, Calendar and Posts buttons (CLUB-02), the
 * emblem with the lodge's own site's links, the club's words, events and clubs, then the map,
 * address and officers. Where the page is wide enough the emblem and links stand in a left
 * column and the map, address and officers in a right one (below the left one while the page is
 * narrower than three columns need); the widths are the page's own, not the window's, since
 * the signed-in shell's side columns take their share. An unknown club, or one of another
 * organisation, is the 404 page (AMB-44).
 */
export function ClubHomePage() {
  const subdomain = useParams().id ?? '';
  const query = useClub(subdomain);

  return (
    <RecordScreen
      query={query}
      loadingLabel={LOADING_CLUB}
      testId="club"
      back={DIRECTORY_PATH}
      backLabel={BACK_TO_DIRECTORY}
    >
      {(club) => <ClubHome club={club} />}
    </RecordScreen>
  );
}

function ClubHome({ club }: { club: Club }) {
  useDocumentTitle(`${club.name} – Lodgehall`);
  const home = clubPath(club.subdomain);
  const pages: { label: string; to: string; icon: Icon }[] = [
    { label: CLUB_HOME, to: home, icon: IconHome },
    { label: CLUB_CALENDAR, to: clubCalendarPath(club.subdomain), icon: IconCalendarEvent },
    { label: CLUB_POSTS, to: clubNewsPath(club.subdomain), icon: IconNews },
  ];
  const pageLinks = (
    className: string | undefined,
    linkClass: string | undefined,
    testId: string,
  ) => (
    <nav aria-label={CLUB_PAGES_LABEL} className={className} data-testid={testId}>
      {pages.map(({ label, to, icon: PageIcon }) => (
        <Link
          key={label}
          to={to}
          className={linkClass}
          aria-current={to === home ? 'page' : undefined}
        >
          <PageIcon size={22} aria-hidden="true" />
          {label}
        </Link>
      ))}
    </nav>
  );

  return (
    <div className={classes.page} data-testid="club-home">
      <div className={classes.layout}>
        <header className={classes.header}>
          <Title order={1} className={classes.title}>
            {club.name}
          </Title>
          <Text size="lg" c="gray.8">
            {club.formal_name !== club.name ? `${club.formal_name} · ` : ''}
            {club.type_name}
          </Text>
          <div className={classes.favorite}>
            <ClubFavoriteSwitch club={club} />
          </div>
        </header>
        {pageLinks(classes.shortcuts, classes.shortcut, 'club-shortcuts')}

        <div className={classes.side}>
          <section className={classes.left} aria-label={CLUB_LINKS_LABEL} data-testid="club-left">
            <LodgeAvatar club={club} size={128} testId="club-avatar" />
            {pageLinks(classes.columnPages, classes.columnLink, 'club-pages')}
            <ExternalLinks club={club} />
          </section>
          <AboutClub club={club} />
        </div>

        <div className={classes.main}>
          <ClubWords club={club} />
          {club.meetings ? (
            <Section title={CLUB_MEETINGS} testId="club-meetings">
              <Text size="lg" className={classes.meetings}>
                <IconClock size={22} aria-hidden="true" className={classes.icon} />
                {club.meetings}
              </Text>
            </Section>
          ) : null}
          <Section title={CLUB_NEXT_EVENT} testId="club-next-event">
            {club.next_event ? (
              <article className={classes.card}>
                <Title order={3} className={classes.cardTitle}>
                  <Link
                    to={clubEventPath(club.subdomain, club.next_event)}
                    className={classes.cardLink}
                  >
                    {club.next_event.name}
                  </Link>
                </Title>
                <Text className={classes.line}>
                  <IconClock size={20} aria-hidden="true" className={classes.icon} />
                  {club.next_event.local_start_date_time_with_duration}
                </Text>
                {club.next_event.location ? (
                  <Text className={classes.line}>
                    <IconMapPin size={20} aria-hidden="true" className={classes.icon} />
                    {club.next_event.location}
                  </Text>
                ) : null}
              </article>
            ) : (
              <Text size="lg">{CLUB_NO_UPCOMING_EVENT}</Text>
            )}
          </Section>
          <Section title={CLUB_LATEST_POST} testId="club-latest-post">
            {club.latest_post ? (
              <article className={classes.card}>
                <Title order={3} className={classes.cardTitle}>
                  <Link
                    to={postPath(club.latest_post, club.subdomain)}
                    className={classes.cardLink}
                  >
                    {postTitle(club.latest_post)}
                  </Link>
                </Title>
                <Text c="gray.8">{formatPostDate(club.latest_post.created_at)}</Text>
                <Text className={classes.shortBody}>{club.latest_post.short_body}</Text>
              </article>
            ) : (
              <Text size="lg">{NO_POSTS_YET}</Text>
            )}
          </Section>
          {club.group ? (
            <Section title={CLUB_PARENT_GROUP} testId="club-group">
              <ClubCard club={club.group} />
            </Section>
          ) : null}
          {club.groupies.length > 0 ? (
            <Section title={CLUB_MEMBER_CLUBS} testId="club-groupies">
              <ul className={classes.cards}>
                {club.groupies.map((groupie) => (
                  <li key={groupie.id}>
                    <ClubCard club={groupie} />
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function Section({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className={classes.section} data-testid={testId}>
      <Title order={2} className={classes.sectionTitle}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** CLUB-03, CLUB-04: the club's introduction, then the stock description unless it is hidden. */
function ClubWords({ club }: { club: Club }) {
  const { introduction, is_hiding_stock_introduction: hidingStock } = club.home_page_option;
  return (
    <>
      {introduction ? (
        <div
          className={classes.introduction}
          data-testid="club-introduction"
          // Safe: introductions are stored cleaned by the same sanitize-html allow-list as post
          // bodies (server/services/rich-text.ts), which this class draws the same way.
          dangerouslySetInnerHTML={{ __html: introduction }}
        />
      ) : null}
      {club.description && !hidingStock ? (
        <Text size="lg" data-testid="club-description">
          {club.description}
        </Text>
      ) : null}
    </>
  );
}

/** CLUB-13, AMB-05: pages of the lodge's own site, in a new tab; Dashboard for its webmasters. */
function ExternalLinks({ club }: { club: Club }) {
  const links: { label: string; href: string | null; icon: Icon; testId: string }[] = [
    { label: CLUB_FILES, href: club.links.files, icon: IconFiles, testId: 'club-files' },
    { label: CLUB_PHOTOS, href: club.links.photos, icon: IconPhoto, testId: 'club-photos' },
    {
      label: CLUB_DASHBOARD,
      href: club.links.dashboard,
      icon: IconLayoutDashboard,
      testId: 'club-dashboard',
    },
  ];
  const shown = links.filter((link) => link.href !== null);
  if (shown.length === 0) return null;
  return (
    <ul className={classes.externalLinks}>
      {shown.map(({ label, href, icon: LinkIcon, testId }) => (
        <li key={label}>
          {href?.startsWith(`${BASE_PATH}/`) ? (
            // The Dashboard of a club the member manages is the club in the Lodge Office (D68).
            <Link
              to={href.slice(BASE_PATH.length)}
              className={classes.columnLink}
              data-testid={testId}
            >
              <LinkIcon size={22} aria-hidden="true" />
              {label}
            </Link>
          ) : (
            <a
              href={href ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              className={classes.columnLink}
              data-testid={testId}
            >
              <LinkIcon size={22} aria-hidden="true" />
              {label}
              <IconExternalLink size={16} aria-hidden="true" />
              <VisuallyHidden>{OPENS_IN_NEW_TAB}</VisuallyHidden>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** CLUB-14..17: the map, the name and address, and the officers by position. */
function AboutClub({ club }: { club: Club }) {
  const { map_url: mapUrl } = club.home_page_option;
  // A provider's image that does not load (no network, a lapsed key) gives way to the link.
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const mapImage =
    club.home_page_option.map_image === failedImage ? null : club.home_page_option.map_image;
  const street = [club.address1, club.address2].filter(Boolean);
  const town = [club.city, [club.state, club.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <section className={classes.right} aria-labelledby="club-about" data-testid="club-right">
      <Title order={2} id="club-about" className={classes.sectionTitle}>
        {CLUB_ABOUT}
      </Title>
      {mapImage ? (
        <a
          href={mapUrl ?? mapImage}
          target="_blank"
          rel="noopener noreferrer"
          className={classes.mapLink}
          data-testid="club-map"
        >
          <img
            src={mapImage}
            alt={clubMapAlt(club.name)}
            width={MAP_IMAGE_SIZE}
            height={MAP_IMAGE_SIZE}
            className={classes.map}
            onError={() => setFailedImage(mapImage)}
          />
          <VisuallyHidden>{OPENS_IN_NEW_TAB}</VisuallyHidden>
        </a>
      ) : mapUrl ? (
        <a
          href={mapUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={classes.columnLink}
          data-testid="club-map-link"
        >
          <IconMapPin size={22} aria-hidden="true" />
          {CLUB_OPEN_MAP}
          <IconExternalLink size={16} aria-hidden="true" />
          <VisuallyHidden>{OPENS_IN_NEW_TAB}</VisuallyHidden>
        </a>
      ) : null}
      <div>
        <Text fw={700} size="lg">
          {club.name}
        </Text>
        {street.length > 0 || town ? (
          <address className={classes.address} aria-label={CLUB_ADDRESS} data-testid="club-address">
            {[...street, town].filter(Boolean).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        ) : null}
      </div>
      {club.current_officer_positions.length > 0 ? (
        <div>
          <Title order={3} className={classes.officersTitle}>
            {CLUB_OFFICERS}
          </Title>
          <dl className={classes.officers} data-testid="club-officers">
            {club.current_officer_positions.map((position) => (
              <div key={position.title} className={classes.officer}>
                <dt className={classes.officerTitle}>{position.title}</dt>
                {position.current_officers.map((officer, index) => (
                  <dd
                    key={`${officer.party_id ?? 'name'}-${index}`}
                    className={classes.officerName}
                  >
                    {officer.party_id !== null ? (
                      <Link to={partyPath(officer.party_id)} data-testid="officer-link">
                        {officer.full_name}
                      </Link>
                    ) : (
                      <span data-testid="officer-name">{officer.full_name}</span>
                    )}
                  </dd>
                ))}
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </section>
  );
}

/** CLUB-18: a club as a card; the whole card leads to its home. */
function ClubCard({ club }: { club: ClubSummary }) {
  const place = lodgePlace(club);
  return (
    <article className={classes.clubCard} data-testid="club-card">
      <LodgeAvatar club={club} size={56} />
      <div>
        <Title order={3} className={classes.cardTitle}>
          <Link to={clubPath(club.subdomain)} className={classes.cardLink}>
            {club.name}
          </Link>
        </Title>
        <Text c="gray.8">{place ? `${club.type_name} · ${place}` : club.type_name}</Text>
      </div>
    </article>
  );
}
