import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconFileImport,
  IconPlus,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ConsoleOrganization } from '../../../common/schemas/console.ts';
import type { ConsoleScope } from '../../api/console.ts';
import {
  CONSOLE_CLUBS_PATH,
  CONSOLE_IMPORT_PATH,
  CONSOLE_MEMBERS_PATH,
  CONSOLE_NEW_ORGANIZATION_PATH,
  CONSOLE_ORGANIZATION_PATH,
  consoleNewClubPath,
} from '../../paths.ts';
import {
  CLUBS_CARD_TEXT,
  CLUBS_CARD_TITLE,
  CREATE_ORGANIZATION,
  FIRST_CLUB,
  OPEN_CLUBS,
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
 * the import and the download — each a card; on a first start (nothing in scope) it says what
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
        <ConsoleSection title={EXPORT_TITLE} testId="console-export-card">
          <Text size="lg">{EXPORT_CARD_TEXT}</Text>
          <ExportSection scope={scope} organization={organization} />
        </ConsoleSection>
      </Stack>
    </Stack>
  );
}
