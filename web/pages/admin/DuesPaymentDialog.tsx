import {
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { formatCents } from '../../../common/money.ts';
import type { ConsoleDuesPayment, MemberDues } from '../../../common/schemas/console-dues.ts';
import { useMemberDues, useRecordPayment, useVoidPayment } from '../../api/console-dues.ts';
import { ApiError } from '../../http/client.ts';
import { BaseErrors, fieldErrorText } from '../../components/BaseErrors.tsx';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import {
  CHOOSE_A_YEAR,
  CLOSE,
  CONFIRM_VOID,
  DUES_LOAD_FAILED,
  LOADING_MEMBER_DUES,
  METHOD_CASH,
  METHOD_CHEQUE,
  NOTHING_TO_PAY,
  PAYMENT_DATE,
  PAYMENT_FAILED,
  PAYMENT_METHOD,
  PAYMENT_NOTE,
  PAYMENT_SAVED,
  PAYMENT_VOIDED,
  PAYMENT_YEARS,
  PAYMENTS_TITLE,
  SAVE_PAYMENT,
  VOID_PAYMENT,
  VOID_REASON,
  paymentLine,
  paymentTotal,
  recordPaymentFor,
  voidedBecause,
} from '../../../common/messages.ts';

function today(): string {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

function errorsOf(error: unknown): { base: string[]; fields: Record<string, string[]> } {
  if (error instanceof ApiError && error.errors) {
    const { base = [], ...fields } = error.errors;
    return { base: [...base], fields: fields as Record<string, string[]> };
  }
  return { base: error ? [PAYMENT_FAILED] : [], fields: {} };
}

/**
 * "Record payment" (issue 23, D70): cash or a cheque the secretary took, for the years the
 * member owes at this lodge, and the lodge's payments of theirs, each taken in person voidable
 * with a reason.
 */
export function DuesPaymentDialog({
  clubId,
  partyId,
  name,
  onClose,
}: {
  clubId: number;
  partyId: number | null;
  name: string;
  onClose: () => void;
}) {
  const member = useMemberDues(clubId, partyId);
  return (
    <Modal
      opened={partyId !== null}
      onClose={onClose}
      title={recordPaymentFor(name)}
      size="lg"
      closeButtonProps={{ 'aria-label': CLOSE }}
      data-testid="payment-dialog"
    >
      {member.isPending ? (
        <Loading label={LOADING_MEMBER_DUES} testId="member-dues-loading" />
      ) : member.isError ? (
        <LoadFailed
          title={DUES_LOAD_FAILED}
          retrying={member.isFetching}
          onRetry={() => void member.refetch()}
        />
      ) : (
        <PaymentForms key={member.data.party_id} clubId={clubId} member={member.data} />
      )}
    </Modal>
  );
}

function PaymentForms({ clubId, member }: { clubId: number; member: MemberDues }) {
  const owed = [...member.club_dues.dues_metadata.arrears, ...member.club_dues.dues_metadata.dues];
  const record = useRecordPayment(clubId);
  const [method, setMethod] = useState<'cash' | 'cheque'>('cash');
  const [paidOn, setPaidOn] = useState(today);
  const [years, setYears] = useState<string[]>(owed.map((line) => String(line.year)));
  const [note, setNote] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [chooseYear, setChooseYear] = useState(false);
  const { base, fields } = errorsOf(record.error);
  const total = owed
    .filter((line) => years.includes(String(line.year)))
    .reduce((sum, line) => sum + line.amount_cents, 0);

  return (
    <Stack gap="lg">
      <Text size="lg" aria-live="polite" data-testid="payment-saved">
        {saved ?? ''}
      </Text>
      {owed.length === 0 ? (
        <Text size="lg" data-testid="nothing-to-pay">
          {NOTHING_TO_PAY}
        </Text>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (years.length === 0) {
              setChooseYear(true);
              return;
            }
            setChooseYear(false);
            setSaved(null);
            record.mutate(
              {
                club_id: clubId,
                party_id: member.party_id,
                method,
                paid_on: paidOn,
                years: years.map(Number),
                note,
              },
              {
                onSuccess: (after) => {
                  setSaved(PAYMENT_SAVED);
                  setNote('');
                  const left = [
                    ...after.club_dues.dues_metadata.arrears,
                    ...after.club_dues.dues_metadata.dues,
                  ];
                  setYears(left.map((line) => String(line.year)));
                },
              },
            );
          }}
          data-testid="payment-form"
        >
          <Stack gap="md">
            <BaseErrors messages={base} testId="payment-errors" />
            <Radio.Group
              size="lg"
              label={PAYMENT_METHOD}
              value={method}
              onChange={(value) => setMethod(value === 'cheque' ? 'cheque' : 'cash')}
            >
              <Group mt="xs">
                <Radio value="cash" label={METHOD_CASH} size="lg" data-testid="method-cash" />
                <Radio value="cheque" label={METHOD_CHEQUE} size="lg" data-testid="method-cheque" />
              </Group>
            </Radio.Group>
            <TextInput
              size="lg"
              type="date"
              label={PAYMENT_DATE}
              value={paidOn}
              max={today()}
              onChange={(event) => setPaidOn(event.currentTarget.value)}
              error={fieldErrorText(fields.paid_on)}
              data-testid="payment-date"
            />
            <Checkbox.Group
              size="lg"
              label={PAYMENT_YEARS}
              value={years}
              onChange={setYears}
              error={chooseYear ? CHOOSE_A_YEAR : fieldErrorText(fields.years)}
            >
              <Stack gap="xs" mt="xs">
                {owed.map((line) => (
                  <Checkbox
                    key={line.year}
                    size="lg"
                    value={String(line.year)}
                    label={`${line.year}: ${formatCents(line.amount_cents)}`}
                    data-testid={`payment-year-${line.year}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <TextInput
              size="lg"
              label={PAYMENT_NOTE}
              value={note}
              maxLength={200}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={fieldErrorText(fields.note)}
              data-testid="payment-note"
            />
            <Text size="lg" fw={700} data-testid="payment-total">
              {paymentTotal(total)}
            </Text>
            <Group>
              <Button type="submit" size="lg" loading={record.isPending} data-testid="save-payment">
                {SAVE_PAYMENT}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <Payments clubId={clubId} payments={member.payments} />
    </Stack>
  );
}

function Payments({ clubId, payments }: { clubId: number; payments: ConsoleDuesPayment[] }) {
  if (payments.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={3}>{PAYMENTS_TITLE}</Title>
      <List spacing="sm" listStyleType="none" p={0} data-testid="payments">
        {payments.map((payment) => (
          <List.Item key={payment.id} data-testid="payment">
            <PaymentItem clubId={clubId} payment={payment} />
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function PaymentItem({ clubId, payment }: { clubId: number; payment: ConsoleDuesPayment }) {
  const voiding = useVoidPayment(clubId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState(false);
  const { base, fields } = errorsOf(voiding.error);
  return (
    <Stack gap="xs">
      <Text size="lg" td={payment.status === 'void' ? 'line-through' : undefined}>
        {paymentLine(payment)}
        {payment.note ? ` (${payment.note})` : ''}
      </Text>
      {payment.status === 'void' ? (
        <Text size="md">{voidedBecause(payment.void_reason)}</Text>
      ) : null}
      {done ? (
        <Text size="md" aria-live="polite">
          {PAYMENT_VOIDED}
        </Text>
      ) : null}
      {payment.may_void && !open ? (
        <Group>
          <Button variant="default" onClick={() => setOpen(true)} data-testid="void-open">
            {VOID_PAYMENT}
          </Button>
        </Group>
      ) : null}
      {payment.may_void && open ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            voiding.mutate({ paymentId: payment.id, reason }, { onSuccess: () => setDone(true) });
          }}
        >
          <Stack gap="xs">
            <BaseErrors messages={base} testId="void-errors" />
            <TextInput
              size="lg"
              label={VOID_REASON}
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={fieldErrorText(fields.reason)}
              data-testid="void-reason"
            />
            <Group>
              <Button
                type="submit"
                color="red"
                loading={voiding.isPending}
                data-testid="void-confirm"
              >
                {CONFIRM_VOID}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
