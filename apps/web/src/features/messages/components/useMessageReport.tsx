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
  const [target, setTarget] = useState<Target | null>(null);
  // Kept after closing: the dialog stays mounted and can hand focus back to the flag.
  const [last, setLast] = useState<Target | null>(null);
  const shown = target ?? last;
  const dialog = shown && (
    <ReportDialog
      open={target !== null}
      userId={shown.userId}
      username={shown.username}
      subject={shown.subject}
      onClose={() => setTarget(null)}
      onDone={(result) => {
        setTarget(null);
        if (result.ok) toast.success(result.message);
        else toast.error(result.message);
      }}
    />
  );
  const report = (next: Target) => {
    setLast(next);
    setTarget(next);
  };
  return { report, dialog };
}
