import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { ReportDialog, type ReportSubject } from '../../reports';

type Target = { userId: number; username: string; subject: ReportSubject };

/**
 * Reporting one message of a chat: `report(target)` opens the report form about it; the
 * moderators then read the message's text on their card. The answer comes back as a toast,
 * since the conversation stays on screen.
 */
export function useMessageReport() {
  // The target stays after closing: the dialog stays mounted and hands focus back to the flag.
  const [target, setTarget] = useState<Target | null>(null);
  const [open, setOpen] = useState(false);
  const dialog = target && (
    <ReportDialog
      open={open}
      {...target}
      onClose={() => setOpen(false)}
      onDone={(result) => {
        setOpen(false);
        if (result.ok) toast.success(result.message);
        else toast.error(result.message);
      }}
    />
  );
  const report = (next: Target) => {
    setTarget(next);
    setOpen(true);
  };
  return { report, dialog };
}
