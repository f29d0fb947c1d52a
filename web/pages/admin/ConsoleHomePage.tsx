import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconCash,
  IconFileImport,
  IconHistory,
  IconMail,
  IconPlus,
  IconSettings,
  IconUserStar,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ConsoleOrganization } from '../../../common/schemas/console.ts';
import type { ConsoleScope } from '../../api/console.ts';
import {
  CONSOLE_AUDIT_PATH,
  CONSOLE_CLUBS_PATH,
  CONSOLE_DUES_PATH,
  CONSOLE_IMPORT_PATH,
  CONSOLE_INVITATIONS_PATH,
  CONSOLE_MEMBERS_PATH,
  CONSOLE_NEW_ORGANIZATION_PATH,
  CONSOLE_OFFICERS_PATH,
  CONSOLE_ORGANIZATION_PATH,
  consoleNewClubPath,
} from '../../paths.ts';
import {
  AUDIT_CARD_TEXT,
  AUDIT_TITLE,
  CLUBS_CARD_TEXT,
  CLUBS_CARD_TITLE,
  CREATE_ORGANIZATION,
  DUES_CARD_TEXT,
  DUES_TITLE,
  FIRST_CLUB,
  OPEN_AUDIT,
  OPEN_CLUBS,
  OPEN_DUES,
  OPEN_ORGANIZATION,
  ORGANIZATION_CARD_TEXT,
  ORGANIZATION_CARD_TITLE,
  CONSOLE_INTRO,
  CONSOLE_TITLE,
  EXPORT_CARD_TEXT,
  EXPORT_TITLE,
  FIRST_START_ADMIN,
  FIRST_START_SECRETARY,
  FIRST_START_STEPS,
  FIRST_START_TITLE,
  IMPORT_CARD_TEXT,
  IMPORT_TITLE,
  OPEN_IMPORT,
  OPEN_ROSTER,
  ROSTER_CARD_TEXT,
  ROSTER_TITLE,
  YOU_MANAGE,
  INVITATIONS_CARD_TEXT,
  INVITATIONS_TITLE,
  OFFICERS_CARD_TEXT,
  OFFICERS_TITLE,
  OPEN_INVITATIONS,
  OPEN_OFFICERS,
} from '../../../common/messages.ts';
import {
  ConsoleScreen,
  ConsoleSection,
  OrganizationPicker,
  ORGANIZATION_PARAM,
} from './ConsoleScreen.tsx';
import { ExportSection } from './ExportSection.tsx';

/**
 * /admin (issue 23): the console's home. Its sections are those that work today — the roster,
 * the import, the officers, the invitations and the download — each a card; on a first start (nothing in scope) it says what
 * to do first instead.
 */
export function ConsoleHomePage() {
  return (
    <ConsoleScreen title={CONSOLE_TITLE} back={false}>
      {(scope, organization) => (
        <Stack gap="xl">
          <div>
            <Title order={1}>{CONSOLE_TITLE}</Title>
            <Text size="lg" c="gray.8" mt="xs">
              {CONSOLE_INTRO}
            </Text>
          </div>
          {organization === null || scope.clubs.length === 0 ? (
            <FirstStart scope={scope} organization={organization} />
          ) : (
            <Sections scope={scope} organization={organization} />
          )}
        </Stack>
      )}
    </ConsoleScreen>
  );
}

/**
 * Nothing in scope yet: what to do first, in order, with a button for the next step (the
 * organisation, then its first lodge; the roster comes once there is a lodge to import into).
 */
function FirstStart({
  scope,
  organization,
}: {
  scope: ConsoleScope;
  organization: ConsoleOrganization | null;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="console-first-start">
      <Stack gap="md">
        <Title order={2}>{FIRST_START_TITLE}</Title>
        {scope.is_admin ? (
          <>
            <Text size="lg">{FIRST_START_ADMIN}</Text>
            <List type="ordered" size="lg" spacing="xs">
              {FIRST_START_STEPS.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
            <Group>
              {organization === null ? (
                <Button
                  component={Link}
                  to={CONSOLE_NEW_ORGANIZATION_PATH}
                  size="lg"
                  leftSection={<IconPlus size={22} aria-hidden="true" />}
                  data-testid="first-start-organization"
                >
                  {CREATE_ORGANIZATION}
                </Button>
              ) : (
                <>
                  <Button
                    component={Link}
                    to={`${CONSOLE_ORGANIZATION_PATH}?${ORGANIZATION_PARAM}=${organization.id}`}
                    size="lg"
                    variant="default"
                    leftSection={<IconSettings size={22} aria-hidden="true" />}
                  >
                    {OPEN_ORGANIZATION}
                  </Button>
                  <Button
                    component={Link}
                    to={consoleNewClubPath(organization.id, null)}
                    size="lg"
                    leftSection={<IconPlus size={22} aria-hidden="true" />}
                    data-testid="first-start-club"
                  >
                    {FIRST_CLUB}
                  </Button>
                </>
              )}
            </Group>
          </>
        ) : (
          <Text size="lg">{FIRST_START_SECRETARY}</Text>
        )}
      </Stack>
    </Paper>
  );
}

function Sections({
  scope,
  organization,
}: {
  scope: ConsoleScope;
  organization: ConsoleOrganization;
}) {
  const clubs = scope.clubs.filter((club) => club.organization_id === organization.id);
  const withOrganization = (path: string) =>
    scope.organizations.length > 1 ? `${path}?${ORGANIZATION_PARAM}=${organization.id}` : path;
  return (
    <Stack gap="lg">
      <OrganizationPicker scope={scope} organization={organization} />
      {scope.is_admin ? null : (
        <Text size="lg" data-testid="console-clubs">
          {YOU_MANAGE}: {clubs.map((club) => club.name).join(', ')}
        </Text>
      )}
      <Stack gap="lg">
        <ConsoleSection title={ROSTER_TITLE} testId="console-roster-card">
          <Text size="lg">{ROSTER_CARD_TEXT}</Text>
          <Group>
            <Button
              component={Link}
              to={withOrganization(CONSOLE_MEMBERS_PATH)}
              size="lg"
              leftSection={<IconUsers size={22} aria-hidden="true" />}
            >
              {OPEN_ROSTER}
            </Button>
          </Group>
        </ConsoleSection>
        <ConsoleSection title={IMPORT_TITLE} testId="console-import-card">
          <Text size="lg">{IMPORT_CARD_TEXT}</Text>
          <Group>
            <Button
              component={Link}
              to={withOrganization(CONSOLE_IMPORT_PATH)}
              size="lg"
              leftSection={<IconFileImport size={22} aria-hidden="true" />}
            >
              {OPEN_IMPORT}
            </Button>
          </Group>
        </ConsoleSection>
        <ConsoleSection title={OFFICERS_TITLE} testId="console-officers-card">
          <Text size="lg">{OFFICERS_CARD_TEXT}</Text>
          <Group>
            <Button
              component={Link}
              to={withOrganization(CONSOLE_OFFICERS_PATH)}
              size="lg"
              leftSection={<IconUserStar size={22} aria-hidden="true" />}
            >
              {OPEN_OFFICERS}
            </Button>
          </Group>
        </ConsoleSection>
        <ConsoleSection title={INVITATIONS_TITLE} testId="console-invitations-card">
          <Text size="lg">{INVITATIONS_CARD_TEXT}</Text>
          <Group>
            <Button
              component={Link}
              to={withOrganization(CONSOLE_INVITATIONS_PATH)}
              size="lg"
              leftSection={<IconMail size={22} aria-hidden="true" />}
            >
              {OPEN_INVITATIONS}
            </Button>
          </Group>
        </ConsoleSection>
        <ConsoleSection title={DUES_TITLE} testId="console-dues-card">
          <Text size="lg">{DUES_CARD_TEXT}</Text>
          <Group>
            <Button
              component={Link}
              to={withOrganization(CONSOLE_DUES_PATH)}
              size="lg"
              leftSection={<IconCash size={22} aria-hidden="true" />}
            >
              {OPEN_DUES}
            </Button>
          </Group>
        </ConsoleSection>
        <ConsoleSection title={ORGANIZATION_CARD_TITLE} testId="console-organization-card">
          <Text size="lg">{ORGANIZATION_CARD_TEXT}</Text>
          <Group>
            <Button
              component={Link}
              to={`${CONSOLE_ORGANIZATION_PATH}?${ORGANIZATION_PARAM}=${organization.id}`}
              size="lg"
              leftSection={<IconSettings size={22} aria-hidden="true" />}
            >
              {OPEN_ORGANIZATION}
            </Button>
          </Group>
        </ConsoleSection>
        <ConsoleSection title={CLUBS_CARD_TITLE} testId="console-clubs-card">
          <Text size="lg">{CLUBS_CARD_TEXT}</Text>
          <Group>
            <Button
              component={Link}
              to={`${CONSOLE_CLUBS_PATH}?${ORGANIZATION_PARAM}=${organization.id}`}
              size="lg"
              leftSection={<IconBuildingCommunity size={22} aria-hidden="true" />}
            >
              {OPEN_CLUBS}
            </Button>
          </Group>
        </ConsoleSection>
        <ConsoleSection title={AUDIT_TITLE} testId="console-audit-card">
          <Text size="lg">{AUDIT_CARD_TEXT}</Text>
          <Group>
            <Button
              component={Link}
              to={withOrganization(CONSOLE_AUDIT_PATH)}
              size="lg"
              leftSection={<IconHistory size={22} aria-hidden="true" />}
            >
              {OPEN_AUDIT}
            </Button>
          </Group>
        </ConsoleSection>
        <ConsoleSection title={EXPORT_TITLE} testId="console-export-card">
          <Text size="lg">{EXPORT_CARD_TEXT}</Text>
          <ExportSection scope={scope} organization={organization} />
        </ConsoleSection>
      </Stack>
    </Stack>
  );
}
