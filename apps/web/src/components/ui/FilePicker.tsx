import { useState, type InputHTMLAttributes, type Ref } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'onChange'> & {
  id: string;
  /** The button's words. */
  buttonLabel?: string;
  /** Shows the chosen file's name beside the button, as the browser's own control does. */
  showFileName?: boolean;
  /**
   * The file chosen (null when the choice is emptied). Returning false refuses it: the input is
   * emptied and no file is named, so that the control never shows a file the form will not use
   * (the caller says why, in its field's error). A promise refuses it the same way when it
   * resolves to false (an upload the server refused), unless another file was chosen meanwhile;
   * it must not reject.
   */
  onFile: (file: File | null) => boolean | void | Promise<boolean | void>;
  ref?: Ref<HTMLInputElement>;
};

const NO_FILE_CHOSEN = 'Aucun fichier choisi';

/**
 * A file input that speaks French whatever the browser's language: the browser's own control
 * says "Choose File / No file chosen" in an English browser, and cannot be styled. The real
 * input stays in the page, visually hidden, so the keyboard, the field's label, its error
 * (aria-describedby) and a test's setInputFiles all reach it; the button is a second <label>
 * of that input, and shows the focus ring when the input has the keyboard's focus
 * (primitives.css, `.file-picker`).
 */
export function FilePicker({
  id,
  buttonLabel = 'Choisir un fichier',
  showFileName = true,
  onFile,
  disabled,
  ref,
  ...input
}: Props) {
  const [fileName, setFileName] = useState<string | null>(null);
  return (
    <span className="file-picker">
      <input
        {...input}
        ref={ref}
        id={id}
        type="file"
        className="visually-hidden"
        disabled={disabled}
        onChange={(e) => {
          const target = e.target;
          const file = target.files?.[0] ?? null;
          const refuse = () => {
            target.value = '';
            setFileName(null);
          };
          const kept = onFile(file);
          if (kept === false) return refuse();
          setFileName(file?.name ?? null);
          if (kept instanceof Promise)
            void kept.then((ok) => {
              if (ok === false && target.files?.[0] === file) refuse();
            });
        }}
      />
      <label htmlFor={id} className="btn btn--outline btn--small" aria-disabled={disabled}>
        {buttonLabel}
      </label>
      {showFileName && <span className="file-picker__name">{fileName ?? NO_FILE_CHOSEN}</span>}
    </span>
  );
}
