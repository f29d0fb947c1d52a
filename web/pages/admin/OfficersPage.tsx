import { Alert, Button, Group, List, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { OfficerPosition } from '../../../common/schemas/console-officers.ts';
import type { ConsoleOrganization } from '../../../common/schemas/console.ts';
import {
  useChangeOfficers,
  useClubOfficers,
  type ClubOfficers,
  type OfficersChange,
} from '../../api/console-officers.ts';
import type { ConsoleScope } from '../../api/console.ts';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { failedSaveErrors } from '../../components/forms/form-errors.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import {
  ADD_POSITION,
  APPOINT,
  appointTo,
  BRING_BACK,
  CONFIRM_REMOVE,
  confirmRemovePosition,
  CURRENT_HOLDERS,
  EARLIER_HOLDERS,
  END_TERM,
  endTermOf,
  FIRST_START_SECRETARY,
  LOADING_OFFICERS,
  MOVE_DOWN,
  MOVE_UP,
  moveDownLabel,
  moveUpLabel,
  NEW_POSITION,
  NEW_TITLE,
  NO_EARLIER_HOLDERS,
  NO_POSITIONS,
  OFFICERS_LOAD_FAILED,
  OFFICERS_LODGE,
  OFFICERS_SAVE_FAILED,
  OFFICERS_SAVED,
  OFFICERS_TITLE,
  POSITION_TITLE,
  POSITION_TITLE_HINT,
  REMOVE_POSITION,
  RENAME_POSITION,
  RETIRE_POSITION,
  RETIRED_POSITIONS,
  retiredOn,
  SAVE_TITLE,
  termDates,
  VACANT,
} from '../../../common/messages.ts';
import {
  ConsoleScreen,
  ConsoleSection,
  OrganizationPicker,
  ORGANIZATION_PARAM,
} from './ConsoleScreen.tsx';
import { readableDate } from './ConsoleMemberPage.tsx';
import {
  AppointForm,
  ConfirmModal,
  EndTermForm,
  TitleForm,
  type SendChange,
} from './OfficersForms.tsx';

export const CLUB_PARAM = 'club_id';

/**
 * /admin/officers?organization_id=&club_id= (issue 23, D69): a lodge's offices in order, who
 * holds each now and who held it before; appoint, end a term, add, rename, move, retire or
 * remove an office. The lodge's page shows the current officers as soon as a change is saved.
 */
export function OfficersPage() {
  return (
    <ConsoleScreen title={OFFICERS_TITLE}>
      {(scope, organization) => (
        <Stack gap="lg">
          <Title order={1}>{OFFICERS_TITLE}</Title>
          {organization === null ? (
            <Text size="lg">{FIRST_START_SECRETARY}</Text>
          ) : (
            <ClubOfficersScreen scope={scope} organization={organization} />
          )}
        </Stack>
      )}
    </ConsoleScreen>
  );
}

/** The lodge a screen works on: the address's `club_id` among the organisation's, else the first. */
export function useChosenClub(scope: ConsoleScope, organization: ConsoleOrganization) {
  const clubs = scope.clubs.filter((club) => club.organization_id === organization.id);
  const [params, setParams] = useSearchParams();
  const club = clubs.find((c) => String(c.id) === params.get(CLUB_PARAM)) ?? clubs[0] ?? null;
  const choose = (clubId: string) =>
    setParams(
      { [ORGANIZATION_PARAM]: String(organization.id), [CLUB_PARAM]: clubId },
      { replace: true },
    );
  return { clubs, club, choose };
}

/** The lodge picker, shown only to someone who looks after more than one. */
export function ClubPicker({
  label,
  chosen,
  onChange,
  testId,
}: {
  label: string;
  chosen: ReturnType<typeof useChosenClub>;
  onChange?: () => void;
  testId: string;
}) {
  if (chosen.clubs.length < 2 || chosen.club === null) return null;
  return (
    <NativeSelect
      size="lg"
      label={label}
      value={String(chosen.club.id)}
      data={chosen.clubs.map((c) => ({ value: String(c.id), label: c.name }))}
      onChange={(event) => {
        onChange?.();
        chosen.choose(event.currentTarget.value);
      }}
      data-testid={testId}
    />
  );
}

function ClubOfficersScreen({
  scope,
  organization,
}: {
  scope: ConsoleScope;
  organization: ConsoleOrganization;
}) {
  const chosen = useChosenClub(scope, organization);
  const { club } = chosen;
  const officers = useClubOfficers(club?.id ?? null);
  return (
    <Stack gap="lg">
      <OrganizationPicker scope={scope} organization={organization} />
      <ClubPicker label={OFFICERS_LODGE} chosen={chosen} testId="officers-club" />
      {club === null ? (
        <Text size="lg">{FIRST_START_SECRETARY}</Text>
      ) : officers.isPending ? (
        <Loading label={LOADING_OFFICERS} testId="officers-loading" />
      ) : officers.isError ? (
        <LoadFailed
          title={OFFICERS_LOAD_FAILED}
          retrying={officers.isFetching}
          onRetry={() => void officers.refetch()}
        />
      ) : (
        <OfficerList key={club.id} officers={officers.data} organizationId={organization.id} />
      )}
    </Stack>
  );
}

function OfficerList({
  officers,
  organizationId,
}: {
  officers: ClubOfficers;
  organizationId: number;
}) {
  const change = useChangeOfficers(officers.club.id);
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const send: SendChange = async (next: OfficersChange) => {
    setErrors([]);
    setSaved(false);
    try {
      await change.mutateAsync(next);
      setSaved(true);
      return true;
    } catch (error) {
      setErrors(failedSaveErrors(error, OFFICERS_SAVE_FAILED, () => null).base);
      return false;
    }
  };
  const inUse = officers.positions.filter((p) => p.retired_on === null);
  const retired = officers.positions.filter((p) => p.retired_on !== null);
  const move = (index: number, by: -1 | 1) => {
    const ids = inUse.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    void send({ kind: 'reorder', positionIds: ids });
  };
  return (
    <Stack gap="lg" data-testid="officers">
      <BaseErrors messages={errors} testId="officers-errors" />
      <div role="status" aria-live="polite">
        {saved ? (
          <Alert color="green" variant="light" data-testid="officers-saved">
            <Text size="md">{OFFICERS_SAVED}</Text>
          </Alert>
        ) : null}
      </div>
      {inUse.length === 0 ? <Text size="lg">{NO_POSITIONS}</Text> : null}
      {inUse.map((position, index) => (
        <PositionCard
          key={position.id}
          position={position}
          organizationId={organizationId}
          today={officers.club.today}
          first={index === 0}
          last={index === inUse.length - 1}
          onMove={(by) => move(index, by)}
          onSend={send}
        />
      ))}
      <ConsoleSection title={NEW_POSITION} testId="new-position">
        <TitleForm
          key={inUse.length}
          label={NEW_POSITION}
          fieldLabel={POSITION_TITLE}
          hint={POSITION_TITLE_HINT}
          initial=""
          submitLabel={ADD_POSITION}
          testId="new-position-form"
          onSave={(title) => send({ kind: 'addPosition', title })}
          onCancel={() => setErrors([])}
        />
      </ConsoleSection>
      {retired.length > 0 ? (
        <ConsoleSection title={RETIRED_POSITIONS} testId="retired-positions">
          <List size="lg" spacing="md">
            {retired.map((position) => (
              <List.Item key={position.id}>
                <Group gap="md">
                  <Text size="lg" fw={700}>
                    {position.title}
                  </Text>
                  <Text size="md" c="gray.8">
                    {retiredOn(readableDate(position.retired_on) ?? '')}
                  </Text>
                  <Button
                    size="md"
                    variant="default"
                    onClick={() =>
                      void send({
                        kind: 'changePosition',
                        id: position.id,
                        change: { retired_on: null },
                      })
                    }
                  >
                    {BRING_BACK}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        </ConsoleSection>
      ) : null}
    </Stack>
  );
}

type Open = { kind: 'appoint' } | { kind: 'rename' } | { kind: 'end'; termId: number } | null;

function PositionCard({
  position,
  organizationId,
  today,
  first,
  last,
  onMove,
  onSend,
}: {
  position: OfficerPosition;
  organizationId: number;
  /** The lodge's today: what "now" is on its page, and the forms' first date. */
  today: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onSend: SendChange;
}) {
  const [open, setOpen] = useState<Open>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const current = position.terms.filter((t) => t.current);
  const earlier = position.terms.filter((t) => !t.current);
  const dates = (from: string, to: string | null) =>
    termDates(readableDate(from) ?? from, to === null ? null : (readableDate(to) ?? to));
  return (
    <ConsoleSection title={position.title} testId={`position-${position.id}`}>
      <Stack gap="xs">
        <Text size="md" c="gray.8" fw={700}>
          {CURRENT_HOLDERS}
        </Text>
        {current.length === 0 ? (
          <Text size="lg">{VACANT}</Text>
        ) : (
          <List size="lg" spacing="xs" listStyleType="none" ml={0} pl={0}>
            {current.map((term) => (
              <List.Item key={term.id}>
                <Group gap="sm" wrap="wrap">
                  <Text size="lg" fw={700}>
                    {term.name}
                  </Text>
                  <Text size="md" c="gray.8">
                    {dates(term.from_date, term.to_date)}
                  </Text>
                  <Button
                    size="md"
                    variant="default"
                    aria-label={endTermOf(term.name)}
                    onClick={() => setOpen({ kind: 'end', termId: term.id })}
                  >
                    {END_TERM}
                  </Button>
                </Group>
                {open?.kind === 'end' && open.termId === term.id ? (
                  <EndTermForm
                    label={endTermOf(term.name)}
                    termId={term.id}
                    fromDate={term.from_date}
                    today={today}
                    onSend={onSend}
                    onDone={() => setOpen(null)}
                  />
                ) : null}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      {open?.kind === 'appoint' ? (
        <AppointForm
          label={appointTo(position.title)}
          positionId={position.id}
          organizationId={organizationId}
          today={today}
          onSend={onSend}
          onDone={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'rename' ? (
        <TitleForm
          label={RENAME_POSITION}
          fieldLabel={NEW_TITLE}
          initial={position.title}
          submitLabel={SAVE_TITLE}
          testId="rename-form"
          onSave={async (title) => {
            const saved = await onSend({
              kind: 'changePosition',
              id: position.id,
              change: { title },
            });
            if (saved) setOpen(null);
            return saved;
          }}
          onCancel={() => setOpen(null)}
        />
      ) : null}
      <Group gap="sm">
        <Button
          size="md"
          onClick={() => setOpen({ kind: 'appoint' })}
          aria-label={appointTo(position.title)}
        >
          {APPOINT}
        </Button>
        <Button size="md" variant="default" onClick={() => setOpen({ kind: 'rename' })}>
          {RENAME_POSITION}
        </Button>
        <Button
          size="md"
          variant="default"
          disabled={first}
          aria-label={moveUpLabel(position.title)}
          onClick={() => onMove(-1)}
        >
          {MOVE_UP}
        </Button>
        <Button
          size="md"
          variant="default"
          disabled={last}
          aria-label={moveDownLabel(position.title)}
          onClick={() => onMove(1)}
        >
          {MOVE_DOWN}
        </Button>
        {position.abilities.remove ? (
          <Button
            size="md"
            variant="default"
            color="red.8"
            onClick={() => setConfirmingRemoval(true)}
          >
            {REMOVE_POSITION}
          </Button>
        ) : position.abilities.retire ? (
          <Button
            size="md"
            variant="default"
            onClick={() =>
              void onSend({
                kind: 'changePosition',
                id: position.id,
                change: { retired_on: today },
              })
            }
          >
            {RETIRE_POSITION}
          </Button>
        ) : null}
      </Group>
      <details>
        <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-lg)' }}>
          {EARLIER_HOLDERS} ({earlier.length})
        </summary>
        {earlier.length === 0 ? (
          <Text size="lg" mt="xs">
            {NO_EARLIER_HOLDERS}
          </Text>
        ) : (
          <List size="lg" spacing="xs" mt="xs">
            {earlier.map((term) => (
              <List.Item key={term.id}>
                {term.name} — {dates(term.from_date, term.to_date)}
              </List.Item>
            ))}
          </List>
        )}
      </details>
      <ConfirmModal
        opened={confirmingRemoval}
        question={confirmRemovePosition(position.title)}
        confirmLabel={CONFIRM_REMOVE}
        onClose={() => setConfirmingRemoval(false)}
        onConfirm={() => {
          setConfirmingRemoval(false);
          void onSend({ kind: 'removePosition', id: position.id });
        }}
      />
    </ConsoleSection>
  );
}
