import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../lib/api';
import { call } from '../../lib/call';
import { moderationKeys } from './api';

/** What a moderator does: on a report, or on a member directly. */
export type ReportAction = 'dismiss' | 'warn' | 'suspend' | 'ban';
export type MemberAction = 'warn' | 'silence' | 'suspend' | 'ban' | 'lift';

export interface ActionInput {
  id: number;
  reason: string;
  days?: number;
}

/** Every moderation write changes the queue, the suspended list and the journal. */
function useModerationWrite<A>(write: (args: A) => Promise<{ message: string }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => qc.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

export const useReportAction = () =>
  useModerationWrite(
    async ({ action, id, reason, days }: ActionInput & { action: ReportAction }) => {
      const params = { id };
      switch (action) {
        case 'dismiss':
          return unwrap(
            await call('POST /moderation/reports/:id/dismiss', { params, body: { reason } }),
          );
        case 'warn':
          return unwrap(
            await call('POST /moderation/reports/:id/warn', { params, body: { reason } }),
          );
        case 'suspend':
          return unwrap(
            await call('POST /moderation/reports/:id/suspend', {
              params,
              body: { reason, days: days ?? 0 },
            }),
          );
        case 'ban':
          return unwrap(
            await call('POST /moderation/reports/:id/ban', { params, body: { reason } }),
          );
      }
    },
  );

export const useMemberAction = () =>
  useModerationWrite(
    async ({ action, id, reason, days }: ActionInput & { action: MemberAction }) => {
      const params = { id };
      switch (action) {
        case 'warn':
          return unwrap(
            await call('POST /moderation/users/:id/warn', { params, body: { reason } }),
          );
        case 'silence':
          return unwrap(
            await call('POST /moderation/users/:id/silence', {
              params,
              body: { reason, days: days ?? 0 },
            }),
          );
        case 'suspend':
          return unwrap(
            await call('POST /moderation/users/:id/suspend', {
              params,
              body: { reason, days: days ?? 0 },
            }),
          );
        case 'ban':
          return unwrap(await call('POST /moderation/users/:id/ban', { params, body: { reason } }));
        case 'lift':
          return unwrap(
            await call('POST /moderation/users/:id/lift', { params, body: { reason } }),
          );
      }
    },
  );
