import { Button, Group, List, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { OfficersChange } from '../../api/console-officers.ts';
import { useRosterPicker } from '../../api/console-officers.ts';
import {
  CANCEL,
  CHOOSE_A_MEMBER_FIRST,
  CHOOSE_MEMBER,
  CLOSE,
  CONFIRM_TITLE,
  FIND_MEMBER,
  FIND_MEMBER_HINT,
  GIVE_A_NAME,
  HOLDER_BY_NAME,
  HOLDER_FROM_ROSTER,
  HOLDER_NAME,
  IN_OFFICE_FROM,
  IN_OFFICE_TO,
  NO_MEMBER_FOUND,
  SAVE_APPOINTMENT,
  SAVE_END,
  SEARCHING_ROSTER,
  TERM_ENDS_ON,
  WHO,
} from '../../../common/messages.ts';

/**
 * The Officers screen's small forms (issue 23, D69): appoint a holder, end a term, a title.
 * Each sends one change through `onSend`, which resolves true once it is saved.
 */

export type SendChange = (change: OfficersChange) => Promise<boolean>;

/** "Please confirm", in words, with the action's own button (removing duties, an office). */
export function ConfirmModal({
  opened,
  question,
  details = [],
  confirmLabel,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  question: string;
  details?: readonly string[];
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={CONFIRM_TITLE}
      size="lg"
      closeButtonProps={{ 'aria-label': CLOSE }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Text size="lg" fw={700}>
          {question}
        </Text>
        {details.length > 0 ? (
          <List size="lg" spacing="xs">
            {details.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        ) : null}
        <Group>
          <Button size="lg" color="red.8" onClick={onConfirm} data-testid="confirm-yes">
            {confirmLabel}
          </Button>
          <Button size="lg" variant="default" onClick={onClose}>
            {CANCEL}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A form's frame: its fields, the submit and Cancel buttons, and its busy state. */
function SmallForm({
  label,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  testId,
  children,
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      noValidate
      aria-busy={busy}
      data-testid={testId}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">
        {children}
        <Group>
          <Button type="submit" size="lg" loading={busy}>
            {submitLabel}
          </Button>
          <Button size="lg" variant="default" onClick={onCancel} disabled={busy}>
            {CANCEL}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A title for a new office, or a new title for one. */
export function TitleForm({
  label,
  fieldLabel,
  hint,
  initial,
  submitLabel,
  testId,
  onSave,
  onCancel,
}: {
  label: string;
  fieldLabel: string;
  hint?: string;
  initial: string;
  submitLabel: string;
  testId: string;
  onSave: (title: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(initial);
  const [busy, setBusy] = useState(false);
  return (
    <SmallForm
      label={label}
      submitLabel={submitLabel}
      busy={busy}
      testId={testId}
      onCancel={onCancel}
      onSubmit={() => {
        setBusy(true);
        void onSave(title.trim()).then((saved) => {
          setBusy(false);
          if (saved) setTitle('');
        });
      }}
    >
      <TextInput
        size="lg"
        label={fieldLabel}
        {...(hint ? { description: hint } : {})}
        value={title}
        maxLength={100}
        disabled={busy}
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
    </SmallForm>
  );
}

/** Ends a term: its last day, the lodge's today unless said otherwise. */
export function EndTermForm({
  label,
  termId,
  fromDate,
  today,
  onSend,
  onDone,
}: {
  label: string;
  termId: number;
  fromDate: string;
  /** The lodge's today (its time zone), the form's first answer. */
  today: string;
  onSend: SendChange;
  onDone: () => void;
}) {
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  return (
    <SmallForm
      label={label}
      submitLabel={SAVE_END}
      busy={busy}
      testId="end-term-form"
      onCancel={onDone}
      onSubmit={() => {
        setBusy(true);
        void onSend({
          kind: 'changeTerm',
          id: termId,
          change: { from_date: fromDate, to_date: to },
        }).then((saved) => {
          setBusy(false);
          if (saved) onDone();
        });
      }}
    >
      <TextInput
        size="lg"
        type="date"
        label={TERM_ENDS_ON}
        value={to}
        disabled={busy}
        onChange={(event) => setTo(event.currentTarget.value)}
      />
    </SmallForm>
  );
}

/**
 * Appoints a holder: a member found in the roster (searched as the roster list searches), or
 * someone not on it by name; from a date (the lodge's today unless said otherwise), open or to
 * a date.
 */
export function AppointForm({
  label,
  positionId,
  organizationId,
  today,
  onSend,
  onDone,
}: {
  label: string;
  positionId: number;
  organizationId: number;
  /** The lodge's today (its time zone), the first day in office unless said otherwise. */
  today: string;
  onSend: SendChange;
  onDone: () => void;
}) {
  const [source, setSource] = useState<'roster' | 'name'>('roster');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const matches = useRosterPicker(organizationId, debounced);
  const [partyId, setPartyId] = useState<string>('');
  const [fullName, setFullName] = useState('');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = () => {
    const byRoster = source === 'roster';
    if (byRoster && partyId === '') return setProblem(CHOOSE_A_MEMBER_FIRST);
    if (!byRoster && fullName.trim() === '') return setProblem(GIVE_A_NAME);
    setProblem(null);
    setBusy(true);
    void onSend({
      kind: 'appoint',
      term: {
        position_id: positionId,
        party_id: byRoster ? Number(partyId) : null,
        full_name: byRoster ? null : fullName.trim(),
        from_date: from,
        to_date: to === '' ? null : to,
      },
    }).then((saved) => {
      setBusy(false);
      if (saved) onDone();
    });
  };

  const found = matches.data?.members.slice(0, 10) ?? [];
  return (
    <SmallForm
      label={label}
      submitLabel={SAVE_APPOINTMENT}
      busy={busy}
      testId="appoint-form"
      onCancel={onDone}
      onSubmit={submit}
    >
      <Radio.Group
        size="lg"
        label={WHO}
        value={source}
        onChange={(value) => setSource(value === 'name' ? 'name' : 'roster')}
      >
        <Group mt="xs">
          <Radio value="roster" label={HOLDER_FROM_ROSTER} />
          <Radio value="name" label={HOLDER_BY_NAME} />
        </Group>
      </Radio.Group>
      {source === 'roster' ? (
        <>
          <TextInput
            size="lg"
            type="search"
            label={FIND_MEMBER}
            description={FIND_MEMBER_HINT}
            value={search}
            disabled={busy}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-testid="appoint-search"
          />
          {debounced.trim().length < 2 ? null : matches.isFetching && found.length === 0 ? (
            <Text size="md" role="status">
              {SEARCHING_ROSTER}
            </Text>
          ) : found.length === 0 ? (
            <Text size="md" role="status">
              {NO_MEMBER_FOUND}
            </Text>
          ) : (
            <Radio.Group size="lg" label={CHOOSE_MEMBER} value={partyId} onChange={setPartyId}>
              <Stack gap="xs" mt="xs" data-testid="appoint-matches">
                {found.map((member) => (
                  <Radio
                    key={member.party_id}
                    value={String(member.party_id)}
                    label={`${member.display_name} (${member.member_number})`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        </>
      ) : (
        <TextInput
          size="lg"
          label={HOLDER_NAME}
          value={fullName}
          maxLength={200}
          disabled={busy}
          onChange={(event) => setFullName(event.currentTarget.value)}
        />
      )}
      <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
        <TextInput
          size="lg"
          type="date"
          label={IN_OFFICE_FROM}
          value={from}
          disabled={busy}
          onChange={(event) => setFrom(event.currentTarget.value)}
          miw={220}
        />
        <TextInput
          size="lg"
          type="date"
          label={IN_OFFICE_TO}
          value={to}
          disabled={busy}
          onChange={(event) => setTo(event.currentTarget.value)}
          miw={220}
        />
      </Group>
      {problem ? (
        <Text size="md" c="red.9" role="alert">
          {problem}
        </Text>
      ) : null}
    </SmallForm>
  );
}
