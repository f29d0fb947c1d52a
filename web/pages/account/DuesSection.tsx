import { Alert, Anchor, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BASE_PATH } from '../../../common/constants.ts';
import {
  ACTION,
  ARREARS,
  DUES,
  NO_DUES,
  PAY,
  PAYMENT_CANCELLED,
  PAYMENT_RECEIVED,
  TOTAL,
  TRY_AGAIN,
} from '../../../common/messages.ts';
import { formatDollars } from '../../../common/money.ts';
import {
  PAYMENT_RESULT_PARAM,
  type ClubDuesItem,
  type DuesLine,
  type OrganizationDues,
  type PaymentResult,
} from '../../../common/schemas/dues.ts';
import { useClubDues } from '../../api/dues.ts';
import classes from './DuesSection.module.css';

/**
 * AMB-13: 'pay' opens the item's own address when it carries one, else this app's dues
 * payment page, which asks the server for a checkout address and goes there.
 */
function payHref(item: ClubDuesItem): string {
  return item.dues_payment_options_task_token_url ?? `${BASE_PATH}/dues_payments/${item.club_id}`;
}

function Lines({ lines }: { lines: readonly DuesLine[] }) {
  if (lines.length === 0) return <Text span>—</Text>;
  return (
    <span>
      {lines.map((line) => (
        <span key={line.year} className={classes.line}>
          {line.year} {formatDollars(line.amount)}
        </span>
      ))}
    </span>
  );
}

function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td>
      <span className={classes.label} aria-hidden="true">
        {label}
      </span>
      {children}
    </td>
  );
}

function ClubRows({ entry }: { entry: OrganizationDues }) {
  const heading = (
    <tr className={classes.club}>
      <th colSpan={4} scope="colgroup">
        {entry.club_name}
        <span className={classes.organization}>{entry.organization_name}</span>
      </th>
    </tr>
  );
  if (!('dues_metadata' in entry)) {
    // ACCT-13: the message in place of the amounts.
    return (
      <>
        {heading}
        <tr className={classes.amounts}>
          <td colSpan={4}>{entry.message}</td>
        </tr>
      </>
    );
  }
  return (
    <>
      {heading}
      <tr className={classes.amounts}>
        <Cell label={DUES}>
          <Lines lines={entry.dues_metadata.dues} />
        </Cell>
        <Cell label={ARREARS}>
          <Lines lines={entry.dues_metadata.arrears} />
        </Cell>
        <Cell label={TOTAL}>
          <Text span fw={700}>
            {formatDollars(entry.total)}
          </Text>
        </Cell>
        <Cell label={ACTION}>
          {entry.total > 0 ? (
            // ACCT-12: a new tab; this one reads the dues again when the member comes back.
            <Anchor
              href={payHref(entry)}
              target="_blank"
              rel="noopener"
              fw={700}
              aria-label={`${PAY} dues to ${entry.club_name} (opens in a new tab)`}
            >
              {PAY}
            </Anchor>
          ) : (
            <Text span>—</Text>
          )}
        </Cell>
      </tr>
    </>
  );
}

/** Back from a checkout: /app/my_account?payment=paid|cancelled says how it went, once. */
function usePaymentResult(): PaymentResult | null {
  const [params, setParams] = useSearchParams();
  const value = params.get(PAYMENT_RESULT_PARAM);
  const [result] = useState<PaymentResult | null>(
    value === 'paid' || value === 'cancelled' ? value : null,
  );
  useEffect(() => {
    if (value === null) return;
    const next = new URLSearchParams(params);
    next.delete(PAYMENT_RESULT_PARAM);
    setParams(next, { replace: true });
  }, [value, params, setParams]);
  return result;
}

/**
 * The Dues section of /my_account (ACCT-09..14, docs/decisions.md D50): per club this year's
 * dues, arrears, the total and 'pay'. A failed load stops the spinner quietly (ERR-60).
 */
export function DuesSection() {
  const dues = useClubDues();
  const result = usePaymentResult();
  return (
    <Paper
      component="section"
      aria-labelledby="dues-section"
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      data-testid="dues-section"
    >
      <Stack gap="md">
        <Title order={2} id="dues-section">
          {DUES}
        </Title>
        {result ? (
          <Alert
            color={result === 'paid' ? 'green' : 'gray'}
            variant="light"
            role="status"
            icon={
              result === 'paid' ? (
                <IconCircleCheck size={24} aria-hidden="true" />
              ) : (
                <IconInfoCircle size={24} aria-hidden="true" />
              )
            }
          >
            <Text size="md">{result === 'paid' ? PAYMENT_RECEIVED : PAYMENT_CANCELLED}</Text>
          </Alert>
        ) : null}
        {dues.isPending ? (
          <Loader aria-label="Loading dues" />
        ) : dues.isError ? (
          <div>
            <Button variant="default" onClick={() => void dues.refetch()}>
              {TRY_AGAIN}
            </Button>
          </div>
        ) : dues.data.length === 0 ? (
          <Text>{NO_DUES}</Text>
        ) : (
          <table className={classes.table}>
            <thead>
              <tr>
                <th scope="col">{DUES}</th>
                <th scope="col">{ARREARS}</th>
                <th scope="col">{TOTAL}</th>
                <th scope="col">{ACTION}</th>
              </tr>
            </thead>
            {dues.data.map((entry) => (
              <tbody key={entry.club_id}>
                <ClubRows entry={entry} />
              </tbody>
            ))}
          </table>
        )}
      </Stack>
    </Paper>
  );
}
