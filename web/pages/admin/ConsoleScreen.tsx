import { Container, NativeSelect, Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ConsoleOrganization } from '../../../common/schemas/console.ts';
import { useConsoleScope, type ConsoleScope } from '../../api/console.ts';
import { useSession } from '../../api/session.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { CONSOLE_PATH } from '../../paths.ts';
import {
  BACK_TO_CONSOLE,
  CONSOLE_LOAD_FAILED,
  CONSOLE_TITLE,
  LOADING_CONSOLE,
  ORGANIZATION_LABEL,
} from '../../../common/messages.ts';

export const ORGANIZATION_PARAM = 'organization_id';

/**
 * A wide table's scroller: its width never counts toward the page's, so on a phone the table
 * slides inside its box instead of widening the signed-in shell's column and the whole page.
 */
export const SCROLL_INSIDE = { overflowX: 'auto', contain: 'inline-size' } as const;

/** The organisation a console screen works on: the address's, else the first in scope. */
export function chosenOrganization(
  scope: ConsoleScope,
  param: string | null,
): ConsoleOrganization | null {
  return (
    scope.organizations.find((organization) => String(organization.id) === param) ??
    scope.organizations[0] ??
    null
  );
}

/**
 * The frame of every console screen (issue 23, D67): only for those the session says may use
 * the console (anyone else gets the 404 page, as for any address that is not theirs); the
 * scope's spinner and failure; then the screen with the scope and the organisation in the
 * address (`?organization_id=`), so a reload or the way back keeps it.
 */
export function ConsoleScreen({
  title,
  back = true,
  children,
}: {
  title: string;
  /** The way back to the console's home (every screen but the home has it). */
  back?: boolean;
  children: (scope: ConsoleScope, organization: ConsoleOrganization | null) => ReactNode;
}) {
  useDocumentTitle(`${title} – ${CONSOLE_TITLE} – Lodgehall`);
  const { user } = useSession();
  const allowed = user?.abilities.use_console === true;
  const scope = useConsoleScope(allowed);
  const [params] = useSearchParams();
  if (!allowed) return <NotFound />;
  return (
    <Container size={1100} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        {back ? <BackLink to={CONSOLE_PATH} label={BACK_TO_CONSOLE} /> : null}
        {scope.isPending ? (
          <Loading label={LOADING_CONSOLE} testId="console-loading" />
        ) : scope.isError ? (
          <LoadFailed
            title={CONSOLE_LOAD_FAILED}
            retrying={scope.isFetching}
            onRetry={() => void scope.refetch()}
          />
        ) : (
          children(scope.data, chosenOrganization(scope.data, params.get(ORGANIZATION_PARAM)))
        )}
      </Stack>
    </Container>
  );
}

/** The organisation picker, shown only to someone who manages more than one (an administrator). */
export function OrganizationPicker({
  scope,
  organization,
  onChange,
}: {
  scope: ConsoleScope;
  organization: ConsoleOrganization | null;
  onChange?: (id: number) => void;
}) {
  const [, setParams] = useSearchParams();
  if (scope.organizations.length < 2 || organization === null) return null;
  return (
    <NativeSelect
      size="lg"
      label={ORGANIZATION_LABEL}
      value={String(organization.id)}
      data={scope.organizations.map((o) => ({ value: String(o.id), label: o.name }))}
      onChange={(event) => {
        const id = event.currentTarget.value;
        // Another organisation's filters (its lodges) mean nothing here: start afresh.
        setParams({ [ORGANIZATION_PARAM]: id }, { replace: true });
        onChange?.(Number(id));
      }}
      data-testid="organization-picker"
    />
  );
}

/** A console screen's section: a card with its own heading, named by it for screen readers. */
export function ConsoleSection({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      data-testid={testId}
    >
      <Stack gap="md">
        <Title order={2} id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
