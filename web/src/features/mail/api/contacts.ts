import { contactAddressesSchema, type ContactField } from '@sp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../api/client';
import { mailKeys } from './query-keys';

/** GET /api/student/contacts: the record's addresses, each confirmed or not. */
export const useContacts = () =>
  useQuery({
    queryKey: mailKeys.contacts,
    queryFn: ({ signal }) => apiGet('/api/student/contacts', contactAddressesSchema, signal),
  });

/** POST /api/student/contacts/confirm-link: e-mails a confirmation link to one address of the record. */
export function useSendConfirmLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (field: ContactField) => apiSend('POST', '/api/student/contacts/confirm-link', { field }),
    // The record may have changed since the list was read (an address edited on the Family step).
    onSettled: () => client.invalidateQueries({ queryKey: mailKeys.contacts }),
  });
}
