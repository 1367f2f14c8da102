import * as Radix from '@radix-ui/react-dialog';
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { CloseIcon } from './icons';
import { SubmitButton } from './SubmitButton';
import { cx } from '../../lib/cx';
import styles from './Dialog.module.css';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** Shown as the dialog's accessible name; omit only when the content renders its own. */
  title?: ReactNode;
  /** Read after the title by screen readers. */
  description?: ReactNode;
  /** Class of the description (the default is the message style). */
  descriptionClassName?: string;
  /** A wider frame for forms and lists. */
  wide?: boolean;
  /** A yes/no question interrupts: screen readers announce it as an alert. */
  alert?: boolean;
  /** A × button in the corner (dialogs that are not a question). */
  closeButton?: boolean;
  /** The content renders its own `DialogDescription` (keeps it linked for screen readers). */
  describedByContent?: boolean;
  /** Mount the content only while open, so a form starts fresh each time. */
  freshContent?: boolean;
  /**
   * What takes the focus as the dialog opens (a search field, to type at once); by default
   * the first focusable element, which is the × when there is one.
   */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Where the focus goes when what opened the dialog is gone with what it changed (a handled
   * report's card): a stable place near it; without one, the page's title (h1).
   */
  fallbackFocus?: RefObject<HTMLElement | null>;
  /**
   * The form holds what the member typed and has not saved: Escape, the overlay, × and
   * « Annuler » then ask before dropping it instead of closing at once.
   */
  unsaved?: boolean;
  className?: string;
  children?: ReactNode;
};

/** Lets a form inside a dialog say it holds unsaved input (useUnsavedInput). */
const UnsavedContext = createContext<((unsaved: boolean) => void) | null>(null);

/**
 * For a form rendered inside a Dialog, deeper than the component that renders the Dialog:
 * while `unsaved` is true, the dialog asks before a close drops the input (as its `unsaved`
 * prop does).
 */
export function useUnsavedInput(unsaved: boolean) {
  const report = useContext(UnsavedContext);
  useEffect(() => {
    report?.(unsaved);
    return () => report?.(false);
  }, [report, unsaved]);
}

/** The question a form dialog asks before a close would drop what was typed. */
export const UNSAVED = {
  title: 'Abandonner tes modifications ?',
  message: 'Ce que tu as saisi dans ce formulaire sera perdu.',
  keep: 'Continuer la saisie',
  discard: 'Abandonner',
} as const;

/**
 * The page's own title, made focusable: where the focus goes when what opened a dialog is gone
 * with what it changed (a deleted card) and the feature named no nearer place. Better than the
 * document's start: a screen reader says where the member is, and Tab goes on from the page.
 */
function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/**
 * The one dialog frame of the app (Radix underneath: focus trapped, Escape and the overlay
 * close it, title and description wired for screen readers). Focus goes back to what had it
 * when the dialog opened: our dialogs are opened by state, not by a Radix trigger, and Radix
 * would otherwise send it to the page's body, so a keyboard user starts again from the top. Features never use
 * Radix directly; they give a title, their content and a `DialogFooter`.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  descriptionClassName = styles['dialog__message'],
  wide = false,
  alert = false,
  closeButton = false,
  describedByContent = false,
  freshContent = false,
  initialFocus,
  fallbackFocus,
  unsaved = false,
  className,
  children,
}: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  const [asking, setAsking] = useState(false);
  const [unsavedInside, setUnsavedInside] = useState(false);
  const classes = cx(
    styles['dialog__content'],
    wide && styles['dialog__content--wide'],
    closeButton && styles['dialog__content--closable'],
    className,
  );
  return (
    <Radix.Root
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        if (unsaved || unsavedInside) setAsking(true);
        else onClose();
      }}
    >
      <Radix.Portal>
        <Radix.Overlay className={styles['dialog__overlay']} />
        <Radix.Content
          className={classes}
          onOpenAutoFocus={(event) => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Radix runs this a task after the dialog has gone: what the close led to (a chat
            // opened, its field focused) may have placed the focus already. Keep it there.
            const now = document.activeElement;
            if (now && now !== document.body) {
              opener.current = null;
              event.preventDefault();
              return;
            }
            const back = opener.current?.isConnected
              ? opener.current
              : (fallbackFocus?.current ?? pageHeading());
            opener.current = null;
            // Gone with what the dialog changed, and the page has no heading: the browser's
            // default.
            if (!back?.isConnected) return;
            event.preventDefault();
            back.focus();
          }}
          {...(alert ? { role: 'alertdialog' } : {})}
          {...(description === undefined && !describedByContent
            ? { 'aria-describedby': undefined }
            : {})}
        >
          {closeButton && (
            <Radix.Close className={cx('icon-btn', styles['dialog__close'])} aria-label="Fermer">
              <CloseIcon size={20} />
            </Radix.Close>
          )}
          {title !== undefined && <DialogTitle>{title}</DialogTitle>}
          {description !== undefined && (
            <Radix.Description className={descriptionClassName}>{description}</Radix.Description>
          )}
          <UnsavedContext.Provider value={setUnsavedInside}>
            {(!freshContent || open) && children}
          </UnsavedContext.Provider>
          <UnsavedQuestion
            open={asking && open}
            onKeep={() => setAsking(false)}
            onDiscard={() => {
              setAsking(false);
              onClose();
            }}
          />
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

/**
 * « Abandonner tes modifications ? » over a form dialog. Keeping the input gives the focus back
 * to where the member was in the form; discarding leaves it to the form's dialog, which closes
 * too and gives it back to what opened it (a Dialog here would send it to the page's title).
 */
function UnsavedQuestion(props: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  const opener = useRef<HTMLElement | null>(null);
  const discarded = useRef(false);
  return (
    <Radix.Root open={props.open} onOpenChange={(next) => !next && props.onKeep()}>
      <Radix.Portal>
        <Radix.Overlay className={styles['dialog__overlay']} />
        <Radix.Content
          className={styles['dialog__content']}
          role="alertdialog"
          onOpenAutoFocus={() => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            discarded.current = false;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!discarded.current && opener.current?.isConnected) opener.current.focus();
            opener.current = null;
          }}
        >
          <DialogTitle>{UNSAVED.title}</DialogTitle>
          <DialogDescription>{UNSAVED.message}</DialogDescription>
          <DialogFooter>
            <DialogCancel label={UNSAVED.keep} />
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => {
                discarded.current = true;
                props.onDiscard();
              }}
            >
              {UNSAVED.discard}
            </button>
          </DialogFooter>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

/** For content that changes its title by step (e.g. a report, then its confirmation). */
export function DialogTitle({ children, className }: { children: ReactNode; className?: string }) {
  return <Radix.Title className={cx(styles['dialog__title'], className)}>{children}</Radix.Title>;
}

export function DialogDescription({
  children,
  className = styles['dialog__message'],
}: {
  children: ReactNode;
  className?: string;
}) {
  return <Radix.Description className={className}>{children}</Radix.Description>;
}

/** The row of buttons at the bottom of every dialog, main action last. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className={styles['dialog__actions']}>{children}</div>;
}

/** Closes the dialog without doing anything ('Annuler', or 'Fermer' for information). */
export function DialogCancel({
  label = 'Annuler',
  primary = false,
}: {
  label?: string;
  primary?: boolean;
}) {
  return (
    <Radix.Close asChild>
      <button type="button" className={`btn ${primary ? 'btn--primary' : 'btn--ghost'}`}>
        {label}
      </button>
    </Radix.Close>
  );
}

/** 'Annuler' + the form's submit button: the footer of every form in a dialog. */
export function FormDialogFooter({
  disabled,
  label = 'Enregistrer',
}: {
  disabled: boolean;
  label?: string;
}) {
  return (
    <DialogFooter>
      <DialogCancel />
      <SubmitButton variant="primary" disabled={disabled}>
        {label}
      </SubmitButton>
    </DialogFooter>
  );
}
