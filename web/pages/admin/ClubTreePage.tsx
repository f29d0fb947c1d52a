import { Anchor, Badge, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ClubTreeEntry } from '../../../common/schemas/console-clubs.ts';
import { useClubTree } from '../../api/console-clubs.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { consoleClubPath, consoleNewClubPath } from '../../paths.ts';
import {
  ADD_TOP_CLUB,
  CLOSED_BADGE,
  CLUBS_LOAD_FAILED,
  CLUBS_TITLE,
  LOADING_CLUBS,
  NO_CLUBS,
  addClubUnder,
  collapseClub,
  editClub,
  expandClub,
} from '../../../common/messages.ts';
import { ConsoleScreen, OrganizationPicker } from './ConsoleScreen.tsx';

export interface ClubNode {
  club: ClubTreeEntry;
  children: ClubNode[];
}

/**
 * The clubs as a tree: each under its parent when the parent is listed too, else at the top
 * (a secretary's own lodge, whose parent is not theirs, is a root of their tree).
 */
export function clubForest(clubs: readonly ClubTreeEntry[]): ClubNode[] {
  const nodes = new Map(clubs.map((club) => [club.id, { club, children: [] as ClubNode[] }]));
  const roots: ClubNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.club.group_id === null ? undefined : nodes.get(node.club.group_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * /admin/clubs?organization_id= (issue 23, D68): the organisation's clubs the user manages, as
 * a tree to open and close, each with "Change" and "Add a club under …"; closed ones marked.
 */
export function ClubTreePage() {
  return (
    <ConsoleScreen title={CLUBS_TITLE}>
      {(scope, organization) =>
        organization === null ? (
          <NotFound />
        ) : (
          <Stack gap="lg">
            <Title order={1}>{CLUBS_TITLE}</Title>
            <OrganizationPicker scope={scope} organization={organization} />
            <Tree organizationId={organization.id} />
          </Stack>
        )
      }
    </ConsoleScreen>
  );
}

function Tree({ organizationId }: { organizationId: number }) {
  const tree = useClubTree(organizationId);
  if (tree.isPending) return <Loading label={LOADING_CLUBS} testId="clubs-loading" />;
  if (tree.isError) {
    return (
      <LoadFailed
        title={CLUBS_LOAD_FAILED}
        retrying={tree.isFetching}
        onRetry={() => void tree.refetch()}
      />
    );
  }
  const forest = clubForest(tree.data.clubs);
  return (
    <Stack gap="md">
      {tree.data.may_add_top ? (
        <Group>
          <Button
            component={Link}
            to={consoleNewClubPath(organizationId, null)}
            size="md"
            leftSection={<IconPlus size={20} aria-hidden="true" />}
            data-testid="add-top-club"
          >
            {ADD_TOP_CLUB}
          </Button>
        </Group>
      ) : null}
      {forest.length === 0 ? (
        <Text size="lg" data-testid="clubs-empty">
          {NO_CLUBS}
        </Text>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="club-tree">
          {forest.map((node) => (
            <Branch key={node.club.id} node={node} organizationId={organizationId} depth={0} />
          ))}
        </ul>
      )}
    </Stack>
  );
}

function Branch({
  node,
  organizationId,
  depth,
}: {
  node: ClubNode;
  organizationId: number;
  depth: number;
}) {
  // The top two levels open at first: a grand lodge's districts show, their lodges on asking.
  const [open, setOpen] = useState(depth < 1);
  const { club, children } = node;
  const childListId = `club-children-${club.id}`;
  return (
    <li data-testid={`club-node-${club.subdomain}`}>
      <Group
        gap="sm"
        wrap="wrap"
        py={6}
        pl={{ base: depth * 12, sm: depth * 28 }}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        {children.length > 0 ? (
          <UnstyledButton
            aria-expanded={open}
            aria-controls={childListId}
            aria-label={open ? collapseClub(club.name) : expandClub(club.name)}
            onClick={() => setOpen(!open)}
            p={4}
            data-testid={`toggle-${club.subdomain}`}
          >
            {open ? (
              <IconChevronDown size={22} aria-hidden="true" />
            ) : (
              <IconChevronRight size={22} aria-hidden="true" />
            )}
          </UnstyledButton>
        ) : (
          <span style={{ width: 30 }} aria-hidden="true" />
        )}
        <Stack gap={0} style={{ flex: 1, minWidth: 180 }}>
          <Anchor
            component={Link}
            to={consoleClubPath(club.id)}
            size="lg"
            fw={600}
            aria-label={editClub(club.name)}
          >
            {club.name}
          </Anchor>
          <Text size="md" c="gray.8">
            {club.type_name} · {club.subdomain}
          </Text>
        </Stack>
        {club.closed_at === null ? (
          <Button
            component={Link}
            to={consoleNewClubPath(organizationId, club.id)}
            variant="default"
            size="sm"
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            data-testid={`add-under-${club.subdomain}`}
          >
            {addClubUnder(club.name)}
          </Button>
        ) : (
          <Badge color="dark" variant="outline" size="lg">
            {CLOSED_BADGE}
          </Badge>
        )}
      </Group>
      {children.length > 0 ? (
        <ul id={childListId} hidden={!open} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {children.map((child) => (
            <Branch
              key={child.club.id}
              node={child}
              organizationId={organizationId}
              depth={depth + 1}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
