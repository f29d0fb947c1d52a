import { Button, Container, Stack, Switch, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMail, IconMessage, IconPhone } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { displayName } from '../../../common/display-name.ts';
import {
  BACK_TO_DIRECTORY,
  CHAT,
  E_MAIL,
  ERROR_MAKING_FAVORITE,
  ERROR_REMOVING_FAVORITE,
  ERROR_TITLE,
  FAVORITE,
  LOADING_PARTY,
  OPENING_CHAT,
  PARTY_CLUBS,
  PARTY_CONTACT,
} from '../../../common/messages.ts';
import type { Party, PartyClub } from '../../../common/schemas/party.ts';
import { favoriteClubCache } from '../../api/clubs.ts';
import { partyKeys, useParty, useRecordContact, useSetFavoriteContact } from '../../api/parties.ts';
import { useSession } from '../../api/session.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { ClubFavoriteSwitch } from '../../components/ClubFavoriteSwitch.tsx';
import { RecordScreen } from '../../components/LoadStates.tsx';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { showOkDialog } from '../../components/ok-dialog-store.ts';
import { clubPath, DIRECTORY_PATH, parseRecordId } from '../../paths.ts';
import {
  contactTypeOfPhone,
  mailtoHref,
  phoneHref,
  phoneLabel,
  phoneText,
} from './party-contact.ts';
import { useOpenChat } from '../../components/chats/use-open-chat.ts';
import { LastContacted } from '../../components/LastContacted.tsx';
import classes from './PartyPage.module.css';

/**
 * A member's page (ROUTE-24, PARTY-01..08, AMB-36, AMB-48): name and avatar, the Favorite
 * toggle, when the member last reached them, a call link per phone and the E-Mail link (each
 * tap recorded for Members › Recent without holding it up), and their clubs with the member's
 * own favourite switches. An unknown party, and one the member may not see (D37), show the 404
 * page's content; any other failure stops the spinner with Try again, the global dialog having
 * said what failed. Chat opens the 1-on-1 with them, except on one's own page (PARTY-05).
 */
export function PartyPage() {
  const params = useParams();
  const id = parseRecordId(params.id);
  const query = useParty(id);

  if (id === null) return <NotFound />;
  return (
    <RecordScreen
      query={query}
      loadingLabel={LOADING_PARTY}
      testId="party"
      back={DIRECTORY_PATH}
      backLabel={BACK_TO_DIRECTORY}
    >
      {(party) => <PartyDetail party={party} />}
    </RecordScreen>
  );
}

function PartyDetail({ party }: { party: Party }) {
  useDocumentTitle(`${party.display_name} – Lodgehall`);
  const formalName = displayName({ ...party, preferred_name: null });
  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <BackLink to={DIRECTORY_PATH} label={BACK_TO_DIRECTORY} />
        <article className={classes.card} data-testid="party-detail" data-party-id={party.id}>
          <header className={classes.header}>
            <MemberAvatar party={party} size={88} />
            <div className={classes.names}>
              <Title order={1} className={classes.name}>
                {party.display_name}
              </Title>
              {formalName !== party.display_name ? (
                <Text size="lg" c="gray.7" className={classes.formal}>
                  {formalName}
                </Text>
              ) : null}
              {party.user_recent_contact ? (
                <Text size="md" c="gray.7" data-testid="last-contacted">
                  <LastContacted at={party.user_recent_contact.contacted_at} />
                </Text>
              ) : null}
            </div>
          </header>
          <FavoriteToggle party={party} />
          <ChatAction party={party} />
          <ContactLinks party={party} />
        </article>
        {party.club_list.length > 0 ? (
          <ClubList partyId={party.id} clubs={party.club_list} />
        ) : null}
      </Stack>
    </Container>
  );
}

/** PARTY-02, PARTY-03: on while the member keeps this party as a favourite. */
function FavoriteToggle({ party }: { party: Party }) {
  const mutation = useSetFavoriteContact(party.id);
  const favorite = party.user_favorite_contact !== null;
  const change = (next: boolean) => {
    // One change at a time; the switch keeps its focus meanwhile rather than being disabled.
    if (mutation.isPending) return;
    mutation.mutate(next, {
      // ERR-18, ERR-19 (AMB-48): the spec's words, after any Network or Server Error dialog.
      onError: () =>
        showOkDialog({
          title: ERROR_TITLE,
          content: next ? ERROR_MAKING_FAVORITE : ERROR_REMOVING_FAVORITE,
        }),
    });
  };
  return (
    <Switch
      size="lg"
      label={FAVORITE}
      checked={favorite}
      onChange={(event) => change(event.currentTarget.checked)}
      classNames={{ label: classes.switchLabel }}
      data-testid="favorite-toggle"
    />
  );
}

/**
 * PARTY-05, PERM-17, AMB-28: opens the 1-on-1 with the party, new or existing; not offered on
 * the member's own page.
 */
function ChatAction({ party }: { party: Party }) {
  const { user } = useSession();
  const openChat = useOpenChat();
  if (user?.party_id === party.id) return null;
  return (
    <Button
      size="md"
      leftSection={<IconMessage size={22} aria-hidden="true" />}
      loading={openChat.opening}
      loaderProps={{ 'aria-label': OPENING_CHAT }}
      onClick={() => openChat.open({ chat: { party_id: party.id } })}
      style={{ alignSelf: 'flex-start' }}
      miw={160}
      data-testid="chat-action"
    >
      {CHAT}
    </Button>
  );
}

/**
 * PARTY-06..08: a call link per phone and the E-Mail link. Each tap also tells the server
 * (Members › Recent) without waiting: the link goes where it goes at once.
 */
function ContactLinks({ party }: { party: Party }) {
  const { user } = useSession();
  const recordContact = useRecordContact(party.id);
  // One's own page: a call to oneself is no contact (the server would refuse it).
  const record = user?.party_id === party.id ? () => undefined : recordContact;
  if (party.phones.length === 0 && party.email_address === null) return null;
  return (
    <section className={classes.section} aria-labelledby="party-contact-title">
      <Title order={2} id="party-contact-title" className={classes.sectionTitle}>
        {PARTY_CONTACT}
      </Title>
      <ul className={classes.contacts}>
        {party.phones.map((phone, index) => (
          <li key={`${phone.type}-${phone.number}-${index}`}>
            <a
              className={classes.contact}
              href={phoneHref(phone)}
              onClick={() => record(contactTypeOfPhone(phone.type))}
              data-testid="phone-link"
            >
              <IconPhone size={24} aria-hidden="true" className={classes.contactIcon} />
              <span className={classes.contactLabel}>{phoneLabel(phone.type)}</span>{' '}
              <span className={classes.contactValue}>{phoneText(phone)}</span>
            </a>
          </li>
        ))}
        {party.email_address ? (
          <li>
            <a
              className={classes.contact}
              href={mailtoHref(party.email_address.address)}
              onClick={() => record('email')}
              data-testid="email-link"
            >
              <IconMail size={24} aria-hidden="true" className={classes.contactIcon} />
              <span className={classes.contactLabel}>{E_MAIL}</span>{' '}
              <span className={classes.contactValue}>{party.email_address.address}</span>
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/**
 * AMB-36: the party's clubs, each linking to its page, with the member's own favourite switch,
 * the club home's (web/components/ClubFavoriteSwitch.tsx). A club the member belongs to is
 * followed already: its switch is on and cannot be turned off.
 */
function ClubList({ partyId, clubs }: { partyId: number; clubs: PartyClub[] }) {
  // This page's own answer shows the switch too: patched at once, put back on failure.
  const partyAnswer = (clubId: number) =>
    favoriteClubCache<Party>(partyKeys.detail(partyId), (party, favorite) => ({
      ...party,
      club_list: party.club_list.map((club) =>
        club.id === clubId ? { ...club, is_favorite: favorite } : club,
      ),
    }));
  return (
    <section className={classes.card} aria-labelledby="party-clubs-title">
      <Title order={2} id="party-clubs-title" className={classes.sectionTitle}>
        {PARTY_CLUBS}
      </Title>
      <ul className={classes.clubs}>
        {clubs.map((club) => (
          <li key={club.id} className={classes.club} data-testid="party-club">
            <div className={classes.clubName}>
              <Link to={clubPath(club.subdomain)} className={classes.clubLink}>
                {club.name}
              </Link>
              <Text size="md" c="gray.7">
                {club.type_name}
              </Text>
            </div>
            <ClubFavoriteSwitch club={club} related={[partyAnswer(club.id)]} />
          </li>
        ))}
      </ul>
    </section>
  );
}
