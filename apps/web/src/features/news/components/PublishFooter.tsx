import { DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { FormError } from '../../../components/ui/FormField';
import { useOwnSilence } from '../../../lib/silence';

/**
 * The end of an editor's form (a news item, a contest): the server's refusal of the last save,
 * then Annuler and the submit. What they publish reaches every member, so an editor under a
 * silence reads why before typing, and the submit stays off.
 */
export function PublishFooter({
  failure,
  ready,
  busy,
  label,
}: {
  failure: string | null;
  /** The form holds what the server needs. */
  ready: boolean;
  busy: boolean;
  label: string;
}) {
  const silenced = useOwnSilence();
  return (
    <>
      <FormError message={failure ?? silenced} />
      <DialogFooter>
        <DialogCancel />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!ready || busy || silenced !== null}
        >
          {busy ? 'Enregistrement...' : label}
        </button>
      </DialogFooter>
    </>
  );
}
