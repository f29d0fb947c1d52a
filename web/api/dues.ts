import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clubDuesAnswerSchema,
  duesPaymentAnswerSchema,
  paymentCredentialAnswerSchema,
  type CreditCard,
  type OrganizationDues,
} from '../../common/schemas/dues.ts';
import { apiRequest } from '../http/client.ts';

/**
 * Dues and the saved card (§7; ACCT-09..17, DUES-02; docs/decisions.md D50). The dues are read
 * again whenever the window regains focus: 'pay' opens the checkout in a new tab, and the
 * member comes back to this one after paying.
 */

export const duesKeys = {
  all: ['dues'] as const,
  clubDues: () => [...duesKeys.all, 'club-dues'] as const,
  card: () => [...duesKeys.all, 'payment-credential'] as const,
};

/** Money owed changes only by paying, which brings the member back here: keep it fresh. */
export const DUES_STALE_MS = 0;

export async function fetchClubDues(signal?: AbortSignal): Promise<OrganizationDues[]> {
  const answer = await apiRequest<unknown>('GET', '/club_dues', signal ? { signal } : {});
  return clubDuesAnswerSchema.parse(answer).data.organization_dues;
}

export async function fetchPaymentCredential(signal?: AbortSignal): Promise<CreditCard | null> {
  const answer = await apiRequest<unknown>('GET', '/payment_credentials', signal ? { signal } : {});
  return paymentCredentialAnswerSchema.parse(answer).data.credit_card;
}

/** DUES-02: a checkout address for everything unpaid at the club. */
export async function fetchDuesPaymentUrl(clubId: number): Promise<string> {
  const answer = await apiRequest<unknown>('GET', `/dues_payments/${clubId}/edit`);
  return duesPaymentAnswerSchema.parse(answer).data.task_token_url;
}

export function useClubDues() {
  return useQuery({
    queryKey: duesKeys.clubDues(),
    queryFn: ({ signal }) => fetchClubDues(signal),
    staleTime: DUES_STALE_MS,
    refetchOnWindowFocus: 'always',
    refetchOnMount: 'always',
  });
}

export function usePaymentCredential() {
  return useQuery({
    queryKey: duesKeys.card(),
    queryFn: ({ signal }) => fetchPaymentCredential(signal),
    staleTime: DUES_STALE_MS,
    // A checkout may have saved a card.
    refetchOnWindowFocus: 'always',
  });
}

/** ACCT-16: forgets the card; the section empties once the server has. */
export function useRemovePaymentCredential() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest<unknown>('DELETE', '/payment_credentials');
    },
    onSuccess: async () => {
      client.setQueryData(duesKeys.card(), null);
      await client.invalidateQueries({ queryKey: duesKeys.card() });
    },
  });
}
