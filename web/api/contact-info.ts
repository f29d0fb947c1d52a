import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contactInfoAnswerSchema,
  type ContactInfo,
  type ContactMetadataInput,
} from '../../common/schemas/contact-info.ts';
import { ERROR_UPDATING_CONTACT_INFORMATION } from '../../common/messages.ts';
import { apiRequest, isApiError } from '../http/client.ts';
import { partyKeys } from './parties.ts';

/**
 * The member's own contact information (§2 My Account, §7 Account; ACCT-18..29, D49):
 * `GET /contacts.json` and `PUT /contacts.json`, which always sends the whole set (ACCT-23).
 */

export const contactInfoKeys = {
  all: ['contact-info'] as const,
  mine: () => [...contactInfoKeys.all, 'mine'] as const,
};

/**
 * Only this member changes it, and every change here writes the answer into the cache; a
 * roster correction (an address marked invalid) shows within five minutes or on reload.
 */
export const CONTACT_INFO_STALE_MS = 5 * 60_000;

export async function fetchContactInfo(signal?: AbortSignal): Promise<ContactInfo> {
  const answer = await apiRequest<unknown>('GET', '/contacts.json', signal ? { signal } : {});
  return contactInfoAnswerSchema.parse(answer).data;
}

export function useContactInfo() {
  return useQuery({
    queryKey: contactInfoKeys.mine(),
    queryFn: ({ signal }) => fetchContactInfo(signal),
    staleTime: CONTACT_INFO_STALE_MS,
  });
}

export async function saveContactInfo(set: ContactMetadataInput): Promise<ContactInfo> {
  const answer = await apiRequest<unknown>('PUT', '/contacts.json', {
    body: { contact_metadata: set },
  });
  return contactInfoAnswerSchema.parse(answer).data;
}

/**
 * Saves the whole set; the answer becomes the cached contact information, and the member's
 * party page (its phones and e-mail) is read again.
 */
export function useSaveContactInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveContactInfo,
    onSuccess: (info) => {
      client.setQueryData(contactInfoKeys.mine(), info);
      const partyId = info.parties[0]?.party.id;
      if (partyId !== undefined)
        void client.invalidateQueries({ queryKey: partyKeys.detail(partyId) });
    },
  });
}

/**
 * What a failed save says (ERR-41, ERR-57, ERR-59): a 422's messages, fields and base alike,
 * or the fallback.
 */
export function contactSaveMessages(error: unknown): string[] {
  if (isApiError(error) && error.status === 422) {
    const messages = error.allErrorMessages();
    if (messages.length > 0) return messages;
  }
  return [ERROR_UPDATING_CONTACT_INFORMATION];
}
