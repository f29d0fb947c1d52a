import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ADD,
  ADDRESSES,
  CONTACT_INFORMATION,
  CONTACT_INFORMATION_FAILED,
  CURRENTLY_INVALID,
  EDIT,
  ERROR_TITLE,
  E_MAILS,
  LOADING_CONTACT_INFORMATION,
  NO_ADDRESSES,
  NO_E_MAILS,
  NO_PHONES,
  PHONES,
  REMOVE,
  REMOVE_CONTACT_CONFIRM,
  REMOVE_CONTACT_TITLE,
  contactAddLabel,
  contactDays,
  contactEditLabel,
  contactExtension,
  contactRemoveLabel,
} from '../../../common/messages.ts';
import { formatPhone } from '../../../common/phone.ts';
import {
  contactTypeLabel,
  type ContactInfo,
  type ContactKind,
} from '../../../common/schemas/contact-info.ts';
import { contactSaveMessages, useContactInfo, useSaveContactInfo } from '../../api/contact-info.ts';
import { globalErrorDialog, isApiError } from '../../http/client.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { showOkDialog } from '../../components/ok-dialog-store.ts';
import {
  CONTACT_EDIT_PATH,
  addressLines,
  canAdd,
  canRemove,
  contactSetOf,
  withoutEntry,
  type ContactEditTarget,
} from './contacts/contact-set.ts';

/**
 * Contact Information on /my_account (§2 My Account; ACCT-18..23, AMB-17, AMB-46, ERR-57):
 * Addresses, E-Mails and Phones, each entry with edit and, while its type keeps more than its
 * minimum, remove; each list with add while some type of it is below its limit. Removing asks
 * first, then sends the whole set without the entry.
 */
export function ContactSection() {
  const query = useContactInfo();
  return (
    <Paper
      component="section"
      aria-labelledby="contact-section"
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      data-testid="contact-section"
    >
      <Stack gap="lg">
        <Title order={2} id="contact-section">
          {CONTACT_INFORMATION}
        </Title>
        {query.data ? (
          <ContactLists info={query.data} />
        ) : query.isError ? (
          <LoadFailed
            title={CONTACT_INFORMATION_FAILED}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <Loading label={LOADING_CONTACT_INFORMATION} testId="contact-loading" />
        )}
      </Stack>
    </Paper>
  );
}

interface Shown {
  /** What the entry is called on its buttons: its type, and where a list has several, its text. */
  name: string;
  typeName: string;
  lines: ReactNode;
  invalidReason?: string | null;
}

function ContactLists({ info }: { info: ContactInfo }) {
  const save = useSaveContactInfo();
  const party = info.parties[0]?.party;
  if (!party) return null;
  const set = contactSetOf(party);

  const remove = (kind: ContactKind, index: number) =>
    showOkDialog({
      title: REMOVE_CONTACT_TITLE,
      content: REMOVE_CONTACT_CONFIRM,
      onOk: () =>
        save.mutate(withoutEntry(set, kind, index), {
          onError: (error) => {
            // A network or server failure has had its own dialog (ERR-01, ERR-02).
            if (isApiError(error) && globalErrorDialog(error) !== null) return;
            showOkDialog({ title: ERROR_TITLE, content: contactSaveMessages(error).join(', ') });
          },
        }),
    });

  const list = (kind: ContactKind, title: string, empty: string, shown: Shown[]) => (
    <ContactList
      kind={kind}
      title={title}
      empty={empty}
      entries={shown}
      mayAdd={canAdd(set, info.types, kind)}
      mayRemove={(index) => canRemove(set, info.types, kind, index)}
      onRemove={(index) => remove(kind, index)}
      busy={save.isPending}
    />
  );

  return (
    <Stack gap="xl" aria-busy={save.isPending}>
      {list(
        'address',
        ADDRESSES,
        NO_ADDRESSES,
        party.addresses.map((address) => ({
          name: `${contactTypeLabel(address.type)} ${address.address_1}`,
          typeName: address.type,
          lines: (
            <>
              {addressLines(address, info.countries).map((line, index) => (
                <Text key={index} size="lg" style={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Text>
              ))}
              {address.start_day && address.end_day ? (
                <Text size="md" c="gray.8">
                  {contactDays(address.start_day, address.end_day)}
                </Text>
              ) : null}
            </>
          ),
          invalidReason: address.is_invalid ? (address.invalid_reason ?? '') : null,
        })),
      )}
      {list(
        'email',
        E_MAILS,
        NO_E_MAILS,
        party.emails.map((email) => ({
          name: `${contactTypeLabel(email.type)} ${email.address}`,
          typeName: email.type,
          lines: (
            <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
              {email.address}
            </Text>
          ),
        })),
      )}
      {list(
        'phone',
        PHONES,
        NO_PHONES,
        party.phones.map((phone) => ({
          name: `${contactTypeLabel(phone.type)} ${formatPhone(phone.number)}`,
          typeName: phone.type,
          lines: (
            <Text size="lg">
              {formatPhone(phone.number)}
              {phone.extension ? ` ${contactExtension(phone.extension)}` : ''}
            </Text>
          ),
        })),
      )}
    </Stack>
  );
}

function ContactList({
  kind,
  title,
  empty,
  entries,
  mayAdd,
  mayRemove,
  onRemove,
  busy,
}: {
  kind: ContactKind;
  title: string;
  empty: string;
  entries: Shown[];
  mayAdd: boolean;
  mayRemove: (index: number) => boolean;
  onRemove: (index: number) => void;
  busy: boolean;
}) {
  const headingId = `contact-${kind}-heading`;
  const addTarget: ContactEditTarget = { kind, index: null };
  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby={headingId}
      data-testid={`contact-${kind}s`}
    >
      <Group justify="space-between" gap="sm">
        <Title order={3} id={headingId}>
          {title}
        </Title>
        {mayAdd ? (
          <Button
            component={Link}
            to={CONTACT_EDIT_PATH}
            state={addTarget}
            variant="light"
            size="md"
            leftSection={<IconPlus size={20} aria-hidden="true" />}
            aria-label={contactAddLabel(title)}
            data-testid={`contact-${kind}-add`}
          >
            {ADD}
          </Button>
        ) : null}
      </Group>
      {entries.length === 0 ? (
        <Text size="lg" c="gray.8">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {entries.map((entry, index) => {
            const editTarget: ContactEditTarget = { kind, index };
            return (
              <Paper
                component="li"
                key={index}
                withBorder
                radius="md"
                p="md"
                data-testid={`contact-${kind}`}
                data-type={entry.typeName}
              >
                <Stack gap={4}>
                  <Text size="md" fw={700} c="gray.8">
                    {contactTypeLabel(entry.typeName)}
                  </Text>
                  {entry.lines}
                  {entry.invalidReason !== undefined && entry.invalidReason !== null ? (
                    <Text size="md" c="red.9" fw={700} data-testid="contact-invalid">
                      {CURRENTLY_INVALID} {entry.invalidReason}
                    </Text>
                  ) : null}
                  <Group gap="sm" mt="xs">
                    <Button
                      component={Link}
                      to={CONTACT_EDIT_PATH}
                      state={editTarget}
                      variant="default"
                      size="md"
                      leftSection={<IconPencil size={20} aria-hidden="true" />}
                      aria-label={contactEditLabel(entry.name)}
                      data-testid="contact-edit"
                    >
                      {EDIT}
                    </Button>
                    {mayRemove(index) ? (
                      <Button
                        variant="outline"
                        color="red.9"
                        size="md"
                        leftSection={<IconTrash size={20} aria-hidden="true" />}
                        aria-label={contactRemoveLabel(entry.name)}
                        onClick={() => onRemove(index)}
                        disabled={busy}
                        data-testid="contact-remove"
                      >
                        {REMOVE}
                      </Button>
                    ) : null}
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
