import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  auditAnswerSchema,
  duesBillAnswerSchema,
  duesRateAnswerSchema,
  duesReportAnswerSchema,
  memberDuesAnswerSchema,
  type AuditQuery,
  type DuesBillBody,
  type DuesRateBody,
  type DuesReportQuery,
  type InPersonPaymentBody,
  type MemberDues,
} from '../../common/schemas/console-dues.ts';
import { apiRequest } from '../http/client.ts';

/*
 * Dues in the Lodge Office (issue 23, D70) and the history of changes (D71). The year's report
 * is read a page at a time; a payment, a void, a new amount or a billing reads it again, and
 * the member's panel takes the answer of the payment as it is.
 */

export type DuesReportFilters = Omit<DuesReportQuery, 'page'>;
export type AuditFilters = Omit<AuditQuery, 'before'>;

export const consoleDuesKeys = {
  all: ['console-dues'] as const,
  reports: () => [...consoleDuesKeys.all, 'report'] as const,
  report: (filters: DuesReportFilters) => [...consoleDuesKeys.reports(), filters] as const,
  member: (clubId: number, partyId: number) =>
    [...consoleDuesKeys.all, 'member', clubId, partyId] as const,
  audits: () => [...consoleDuesKeys.all, 'audit'] as const,
  audit: (filters: AuditFilters) => [...consoleDuesKeys.audits(), filters] as const,
};

export function useDuesReport(filters: DuesReportFilters) {
  return useInfiniteQuery({
    queryKey: consoleDuesKeys.report(filters),
    queryFn: async ({ pageParam, signal }) => {
      const answer = await apiRequest<unknown>('GET', '/admin/dues.json', {
        query: { ...filters, page: pageParam },
        signal,
      });
      return duesReportAnswerSchema.parse(answer).data;
    },
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.has_more ? lastPage + 1 : undefined),
  });
}

export function useMemberDues(clubId: number, partyId: number | null) {
  return useQuery({
    queryKey: consoleDuesKeys.member(clubId, partyId ?? 0),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<unknown>('GET', `/admin/dues/members/${partyId}.json`, {
        query: { club_id: clubId },
        signal,
      });
      return memberDuesAnswerSchema.parse(answer).data.member;
    },
    enabled: partyId !== null,
  });
}

export async function fetchDuesCsv(filters: DuesReportFilters): Promise<string> {
  return apiRequest<string>('GET', '/admin/dues.csv', { query: filters, accept: 'text/csv' });
}

export async function fetchAuditCsv(filters: AuditFilters): Promise<string> {
  return apiRequest<string>('GET', '/admin/audit_log.csv', { query: filters, accept: 'text/csv' });
}

function useDuesChange<TBody, TAnswer>(send: (body: TBody) => Promise<TAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: consoleDuesKeys.reports() });
      await client.invalidateQueries({ queryKey: consoleDuesKeys.audits() });
    },
  });
}

export function useSetDuesRate() {
  return useDuesChange(async (body: DuesRateBody) => {
    const answer = await apiRequest<unknown>('PUT', '/admin/dues/rate.json', { body });
    return duesRateAnswerSchema.parse(answer).data;
  });
}

export function useBillDues() {
  return useDuesChange(async (body: DuesBillBody) => {
    const answer = await apiRequest<unknown>('POST', '/admin/dues/bill.json', { body });
    return duesBillAnswerSchema.parse(answer).data;
  });
}

/** A payment or a void: the member's panel takes the answer, the report is read again. */
function useMemberDuesChange<TBody>(clubId: number, send: (body: TBody) => Promise<MemberDues>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (member) => {
      client.setQueryData(consoleDuesKeys.member(clubId, member.party_id), member);
      await client.invalidateQueries({ queryKey: consoleDuesKeys.reports() });
      await client.invalidateQueries({ queryKey: consoleDuesKeys.audits() });
    },
  });
}

export function useRecordPayment(clubId: number) {
  return useMemberDuesChange(clubId, async (body: InPersonPaymentBody) => {
    const answer = await apiRequest<unknown>('POST', '/admin/dues/payments.json', { body });
    return memberDuesAnswerSchema.parse(answer).data.member;
  });
}

export function useVoidPayment(clubId: number) {
  return useMemberDuesChange(clubId, async (body: { paymentId: number; reason: string }) => {
    const answer = await apiRequest<unknown>(
      'POST',
      `/admin/dues/payments/${body.paymentId}/void.json`,
      { body: { reason: body.reason } },
    );
    return memberDuesAnswerSchema.parse(answer).data.member;
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: consoleDuesKeys.audit(filters),
    queryFn: async ({ pageParam, signal }) => {
      const answer = await apiRequest<unknown>('GET', '/admin/audit_log.json', {
        query: { ...filters, ...(pageParam ? { before: pageParam } : {}) },
        signal,
      });
      return auditAnswerSchema.parse(answer).data;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
}
