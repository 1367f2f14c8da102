import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushPreferences } from '@munegu/shared';
import { unwrap } from '../../lib/api';
import { call, query } from '../../lib/call';
import { disablePush, enablePush, syncSubscription } from '../../lib/push';

/** The settings page's push section: the server's key, the member's choices, this device. */
export const pushKeys = {
  all: ['push'] as const,
  publicKey: () => [...pushKeys.all, 'public-key'] as const,
  preferences: () => [...pushKeys.all, 'preferences'] as const,
  device: () => [...pushKeys.all, 'device'] as const,
};

export const usePushPublicKey = () =>
  useQuery({ queryKey: pushKeys.publicKey(), queryFn: query('GET /push/public-key') });

export const usePushPreferences = () =>
  useQuery({ queryKey: pushKeys.preferences(), queryFn: query('GET /push/preferences') });

/**
 * Whether this device receives notifications: what the browser holds, never the answer of a
 * network write (lib/push syncSubscription registers it again in the background).
 */
export const useDeviceSubscribed = (publicKey: string | null | undefined) =>
  useQuery({
    queryKey: pushKeys.device(),
    queryFn: () => (publicKey ? syncSubscription(publicKey) : false),
    enabled: publicKey !== undefined,
  });

export function useSavePushPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: PushPreferences) =>
      unwrap(await call('PUT /push/preferences', { body })),
    onSuccess: (saved) => qc.setQueryData(pushKeys.preferences(), saved),
  });
}

/** Turns this device's notifications on (permission, subscription, API) or off. */
export function useToggleDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (on: { publicKey: string } | false) =>
      on ? enablePush(on.publicKey) : disablePush(),
    onSettled: () => void qc.invalidateQueries({ queryKey: pushKeys.device() }),
  });
}
