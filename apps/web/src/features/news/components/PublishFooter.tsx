import { DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { FormError } from '../../../components/ui/FormField';
import { useOwnSilence } from '../../../lib/silence';

/**
 * What an editor publishes (a news item, a contest) reaches every member: under a silence they
 * read why at the top of the form, before typing anything (on a phone the footer is a screen
 * further down), and its submit stays off (PublishFooter).
 */
export function SilencedNotice() {
  return <FormError message={useOwnSilence()} />;
}

/** The end of an editor's form: the server's refusal of the last save, Annuler, the submit. */
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
      <FormError message={failure} />
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
