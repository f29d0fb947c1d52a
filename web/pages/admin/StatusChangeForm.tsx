import {
  Button,
  Group,
  List,
  Modal,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useRef, useState, type FormEvent } from 'react';
import {
  MEMBER_STATUS_VALUES,
  memberStatusChangeSchema,
  STATUS_NOTE_MAX,
  type ConsoleMember,
  type MemberStatusChange,
  type MemberStatusValue,
} from '../../../common/schemas/console.ts';
import { useChangeMemberStatus } from '../../api/console.ts';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { focusFirstError } from '../../components/forms/form-errors.ts';
import { useFormSave } from '../../components/forms/use-form-save.ts';
import {
  CANCEL_CHANGE,
  CLOSE,
  CONFIRM_CONSEQUENCES,
  CONFIRM_TITLE,
  confirmStatusButton,
  confirmStatusQuestion,
  NEW_STATUS,
  SAVE_STATUS,
  SAVING_STATUS,
  STATUS_DATE,
  STATUS_DATE_HINT,
  STATUS_NOTE_HINT,
  STATUS_NOTE_LABEL,
  STATUS_SAVE_FAILED,
  STATUS_TEXT,
  STATUS_UNCHANGED,
} from '../../../common/messages.ts';

type StatusField = 'status' | 'on' | 'note';
const FIELD_ORDER: readonly StatusField[] = ['status', 'on', 'note'];

interface StatusFormValues {
  organization_id: number;
  status: MemberStatusValue;
  on: string;
  note: string;
}

/** Today in the browser's own calendar, as 'YYYY-MM-DD'. */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** The form's values as the wire takes them: an empty note is no note. */
export function statusChangeOf(values: StatusFormValues): MemberStatusChange {
  const note = values.note.trim();
  return { ...values, note: note === '' ? null : note };
}

/**
 * A member's "Change status" (PUT /admin/members/{id}/status.json): the status, the date it took
 * effect and a note, checked by the wire's own schema before sending. Any status but active
 * ends the member's sessions and takes them out of the directory, so it asks first, in words.
 */
export function StatusChangeForm({
  member,
  onSaved,
  onStart,
}: {
  member: ConsoleMember;
  /** The save went through; the record answers anew and this form is drawn afresh. */
  onSaved: () => void;
  /** A new submit began: an earlier "saved" no longer holds. */
  onStart: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState<MemberStatusChange | null>(null);
  const change = useChangeMemberStatus(member.party_id);
  const form = useForm<StatusFormValues>({
    mode: 'controlled',
    initialValues: {
      organization_id: member.organization.id,
      status: member.status.value,
      on: member.status.on ?? localToday(),
      note: member.status.note ?? '',
    },
    validate: schemaResolver(memberStatusChangeSchema, { sync: true }),
  });
  const saving = useFormSave<StatusField>({
    fallbackError: STATUS_SAVE_FAILED,
    fieldOf: (name) => (FIELD_ORDER.includes(name as StatusField) ? (name as StatusField) : null),
    onFieldErrors: (fields) => {
      form.setErrors(fields);
      focusFirstError(formRef.current, FIELD_ORDER, fields);
    },
  });
  const [unchanged, setUnchanged] = useState(false);

  const send = (next: MemberStatusChange) => {
    setConfirming(null);
    void saving.save(() => change.mutateAsync(next), onSaved);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onStart();
    const result = form.validate();
    if (result.hasErrors) {
      focusFirstError(formRef.current, FIELD_ORDER, result.errors);
      return;
    }
    const next = statusChangeOf(form.getValues());
    const sameAsNow =
      next.status === member.status.value &&
      next.on === member.status.on &&
      next.note === member.status.note;
    setUnchanged(sameAsNow);
    if (sameAsNow) return;
    if (next.status !== 'active' && next.status !== member.status.value) setConfirming(next);
    else send(next);
  };

  return (
    <>
      <BaseErrors messages={saving.baseErrors} testId="status-errors" />
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={saving.submitting}>
        <Stack gap="lg">
          <NativeSelect
            size="lg"
            label={NEW_STATUS}
            data={MEMBER_STATUS_VALUES.map((value) => ({ value, label: STATUS_TEXT[value] }))}
            data-field="status"
            disabled={saving.submitting}
            {...form.getInputProps('status')}
            data-testid="status-select"
          />
          <TextInput
            size="lg"
            type="date"
            label={STATUS_DATE}
            description={STATUS_DATE_HINT}
            data-field="on"
            disabled={saving.submitting}
            {...form.getInputProps('on')}
            data-testid="status-date"
          />
          <Textarea
            size="lg"
            label={STATUS_NOTE_LABEL}
            description={STATUS_NOTE_HINT}
            rows={3}
            maxLength={STATUS_NOTE_MAX}
            data-field="note"
            disabled={saving.submitting}
            {...form.getInputProps('note')}
            data-testid="status-note"
          />
          {unchanged ? (
            <Text size="md" c="orange.9" role="status">
              {STATUS_UNCHANGED}
            </Text>
          ) : null}
          <Group>
            <Button
              type="submit"
              size="lg"
              loading={saving.submitting}
              loaderProps={{ 'aria-label': SAVING_STATUS }}
              data-testid="status-save"
            >
              {SAVE_STATUS}
            </Button>
          </Group>
          {saving.submitting ? (
            <Text size="md" role="status">
              {SAVING_STATUS}
            </Text>
          ) : null}
        </Stack>
      </form>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={CONFIRM_TITLE}
        size="lg"
        closeButtonProps={{ 'aria-label': CLOSE }}
        styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      >
        {confirming ? (
          <Stack gap="md" data-testid="status-confirm">
            <Text size="lg" fw={700}>
              {confirmStatusQuestion(member.display_name, confirming.status)}
            </Text>
            <List size="lg" spacing="xs">
              {CONFIRM_CONSEQUENCES.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            <Group justify="flex-end" gap="md" wrap="wrap-reverse">
              <Button size="lg" variant="default" onClick={() => setConfirming(null)}>
                {CANCEL_CHANGE}
              </Button>
              <Button size="lg" color="red" onClick={() => send(confirming)}>
                {confirmStatusButton(confirming.status)}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
