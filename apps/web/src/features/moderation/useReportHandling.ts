import { useEffect, useRef, useState } from 'react';
import type { ModerationReport } from './api';
import { useReportAction, type ReportAction } from './mutations';

/**
 * A page's actions on reports (the queue, a member's file): which report's dialog is open,
 * the action sent when the moderator confirms it, and where the focus goes afterwards.
 *
 * A handled report loses the buttons that opened its dialog: its card leaves the queue, or
 * stays on a member's file without them. The focus then goes to the section's title (give it
 * `title` and tabIndex -1), which says the new count, instead of falling to the top of the
 * page, where a keyboard moderator would start again from the navbar for every report. Either
 * the refreshed `data` arrives before the dialog closes (the dialog's `fallbackFocus`) or
 * after (the effect below, once the buttons are gone).
 *
 *   const { title, open, pending, dialog } = useReportHandling(queue.data);
 *   <ReportCard onAction={open} … />
 *   <SanctionDialog {...dialog} pseudo={pending?.report.reported.pseudo ?? ''} />
 */
export function useReportHandling(data: unknown) {
  const act = useReportAction();
  const [pending, setPending] = useState<{ action: ReportAction; report: ModerationReport } | null>(
    null,
  );
  const title = useRef<HTMLHeadingElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) title.current?.focus();
  }, [data]);
  return {
    title,
    pending,
    open: (action: ReportAction, report: ModerationReport) => setPending({ action, report }),
    dialog: {
      kind: pending?.action ?? null,
      onClose: () => setPending(null),
      fallbackFocus: title,
      onSubmit: async (input: { reason: string; days?: number }) => {
        const done = await act.mutateAsync({
          action: pending!.action,
          id: pending!.report.id,
          ...input,
        });
        refocus.current = true;
        return done;
      },
    },
  };
}
