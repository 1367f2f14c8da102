import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@munegu/shared';
import { call } from '../../lib/call';

export const contactKeys = {
  all: ['contact'] as const,
  send: () => [...contactKeys.all, 'send'] as const,
};

/** POST /contact → { message }. */
export function useSendContact() {
  return useMutation({
    mutationKey: contactKeys.send(),
    mutationFn: (body: ContactRequest) => call('POST /contact', { body }),
  });
}
