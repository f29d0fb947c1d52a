import { Anchor, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { BACK_TO_MY_ACCOUNT, DUES_MOVED, DUES_REDIRECTING } from '../../../common/messages.ts';
import { duesKeys, fetchDuesPaymentUrl } from '../../api/dues.ts';
import { MY_ACCOUNT_PATH } from '../../paths.ts';
import { leaveApp } from './leave-app.ts';

function clubIdOf(param: string | undefined): number | null {
  return param && /^\d{1,15}$/.test(param) ? Number(param) : null;
}

/**
 * /dues_payments/{clubId} (ROUTE-29, DUES-01..04): asks the server for a checkout address and
 * sends the browser there. When that fails the spinner stops, the texts stay and a way back
 * shows (ERR-60, AMB-14); nothing redirects.
 */
export function DuesPaymentPage() {
  useDocumentTitle('Dues Payments – Lodgehall');
  const clubId = clubIdOf(useParams().clubId);
  const payment = useQuery({
    queryKey: [...duesKeys.all, 'payment-url', clubId],
    queryFn: () => {
      if (clubId === null) throw new Error('not a club');
      return fetchDuesPaymentUrl(clubId);
    },
    // Each address is a new pending payment: ask once per visit, never again on its own.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const url = payment.data;
  useEffect(() => {
    if (url) leaveApp.to(url);
  }, [url]);

  return (
    <Container size={560} px="md" py={{ base: 32, sm: 48 }}>
      <Stack gap="md" align="center" ta="center">
        <Title order={1}>{DUES_MOVED}</Title>
        <Text size="lg">{DUES_REDIRECTING}</Text>
        {payment.isError ? (
          <Anchor component={Link} to={MY_ACCOUNT_PATH} fw={700}>
            {BACK_TO_MY_ACCOUNT}
          </Anchor>
        ) : (
          <Loader aria-label="Redirecting" />
        )}
      </Stack>
    </Container>
  );
}
