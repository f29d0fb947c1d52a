import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  CARD_ADDED,
  CARD_EMAIL,
  CARD_EXPIRES,
  CARD_NAME,
  CARD_NUMBER,
  CARD_REMOVAL_FAILED,
  CONFIRM_REMOVE_CARD,
  ERROR_TITLE,
  PAYMENT_INFORMATION,
  REMOVE,
} from '../../../common/messages.ts';
import type { CreditCard } from '../../../common/schemas/dues.ts';
import { usePaymentCredential, useRemovePaymentCredential } from '../../api/dues.ts';
import { globalErrorDialog, isApiError } from '../../http/client.ts';
import { showOkDialog } from '../../components/ok-dialog-store.ts';

const ADDED_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** ERR-56: the server's errors joined, or the fallback; the global dialogs cover the rest. */
function removalFailed(error: unknown): void {
  if (isApiError(error) && globalErrorDialog(error)) return;
  const messages = isApiError(error) ? error.allErrorMessages() : [];
  showOkDialog({
    title: ERROR_TITLE,
    content: messages.length > 0 ? messages.join(' ') : CARD_REMOVAL_FAILED,
  });
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed" fw={700}>
        {label}
      </Text>
      <Text component="dd" m={0} size="lg" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function Card({ card }: { card: CreditCard }) {
  const remove = useRemovePaymentCredential();
  // AMB-17: removing asks first.
  const askRemove = () =>
    showOkDialog({
      title: PAYMENT_INFORMATION,
      content: CONFIRM_REMOVE_CARD,
      onOk: () => remove.mutate(undefined, { onError: removalFailed }),
    });
  return (
    <Stack gap="md">
      <Stack gap="sm" component="dl" m={0}>
        <Detail label={CARD_NAME} value={card.name} />
        <Detail label={CARD_EMAIL} value={card.email_address} />
        <Detail
          label={CARD_NUMBER}
          value={card.brand ? `${card.brand} ${card.card_number}` : card.card_number}
        />
        <Detail label={CARD_EXPIRES} value={card.expires} />
        <Detail label={CARD_ADDED} value={ADDED_FORMAT.format(card.added_at)} />
      </Stack>
      <div>
        <Button
          variant="outline"
          color="red.9"
          loading={remove.isPending}
          onClick={askRemove}
          leftSection={<IconTrash size={22} aria-hidden="true" />}
        >
          {REMOVE}
        </Button>
      </div>
    </Stack>
  );
}

/**
 * Payment Information on /my_account (ACCT-15..17, ENT-24): the saved card with 'remove'.
 * Without a card (or when it cannot be read) the section shows nothing at all (ACCT-17).
 */
export function PaymentSection() {
  const card = usePaymentCredential();
  if (card.isError || (card.isSuccess && card.data === null)) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="payment-section"
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      data-testid="payment-section"
    >
      <Stack gap="md">
        <Title order={2} id="payment-section">
          {PAYMENT_INFORMATION}
        </Title>
        {card.isPending ? <Loader aria-label="Loading payment information" /> : null}
        {card.data ? <Card card={card.data} /> : null}
      </Stack>
    </Paper>
  );
}
