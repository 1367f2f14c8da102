import { useRef } from 'react';
import { useDraft } from '../../../lib/hooks';
import { NEWS_CONTENT_MAX, newsContentSchema, newsTitleSchema } from '@munegu/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { FormField, invalidProps } from '../../../components/ui/FormField';
import { useNewsCategories } from '../api';
import { LengthCounter } from './LengthCounter';
import { PublishFooter, SilencedNotice } from './PublishFooter';
import { TitleField } from './TitleField';
import styles from './NewsEditDialog.module.css';

export interface NewsDraft {
  titre: string;
  contenu: string;
  image: string;
  categorieId: number | null;
  imageObjectPosY: number;
}

/** What the schema says is wrong with a value (its first refusal), or undefined. */
const problem = (
  schema: { safeParse: (v: string) => { error?: { issues: { message: string }[] } } },
  value: string,
) => schema.safeParse(value).error?.issues[0]?.message;

type Props = {
  open: boolean;
  draft: NewsDraft;
  busy: boolean;
  failure: string | null;
  onClose: () => void;
  onSubmit: (draft: NewsDraft & { categorieId: number }) => void;
};

/**
 * 'ÉDITION ACTU' (spec sections 2 and 5): title, content, category (TOUT excluded, AUTRE by
 * default) and the image's vertical focus, 0 to 100 in steps of 5. 'Publier' stays disabled
 * until title, image, content and category are there and valid, and reads 'Enregistrement...'
 * while saving. Each field says what is wrong in the shared schema's words ('Le titre ne peut
 * pas contenir « script ».'), and a counter announces its length limit: nothing is cut.
 */
export function NewsEditDialog({ open, draft, busy, failure, onClose, onSubmit }: Props) {
  const categories = useNewsCategories();
  const titleField = useRef<HTMLInputElement>(null);
  const autre = categories.data?.find((c) => c.libelle.toUpperCase() === 'AUTRE')?.id ?? null;
  const { values, setValues, unsaved } = useDraft<NewsDraft>(() => ({
    ...draft,
    // Whitespace is normalised on opening (spec section 5).
    contenu: draft.contenu
      .replace(/[ \t]+/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  }));
  const categorieId = values.categorieId ?? autre;
  // An empty field is only 'not ready' (Publier disabled), not an error, until it was touched.
  const titleError = values.titre ? problem(newsTitleSchema, values.titre) : undefined;
  const contentError = values.contenu ? problem(newsContentSchema, values.contenu) : undefined;
  const ready =
    !!values.titre.trim() &&
    !!values.contenu.trim() &&
    !!values.image &&
    categorieId !== null &&
    !titleError &&
    !contentError;
  const set = <K extends keyof NewsDraft>(key: K, value: NewsDraft[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="ÉDITION ACTU"
      wide
      freshContent
      unsaved={unsaved}
      // The title, what an editor most often changes; by default the image's framing slider
      // took the focus, and the arrow keys then moved the image.
      initialFocus={titleField}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (ready && categorieId !== null) onSubmit({ ...values, categorieId });
        }}
      >
        <SilencedNotice />
        {values.image && (
          <img
            className={styles['news-edit__image']}
            src={values.image}
            alt=""
            style={{ objectPosition: `50% ${values.imageObjectPosY}%` }}
          />
        )}
        <FormField
          id="news-edit-position"
          label={`Cadrage vertical de l’image : ${values.imageObjectPosY} %`}
        >
          <input
            id="news-edit-position"
            type="range"
            min={0}
            max={100}
            step={5}
            value={values.imageObjectPosY}
            onChange={(e) => set('imageObjectPosY', Number(e.target.value))}
          />
        </FormField>
        <TitleField
          id="news-edit-title"
          ref={titleField}
          value={values.titre}
          error={titleError}
          onChange={(titre) => set('titre', titre)}
        />
        <FormField
          id="news-edit-content"
          label="Contenu"
          error={contentError}
          hint={
            <LengthCounter
              id="news-edit-content-count"
              length={values.contenu.trim().length}
              max={NEWS_CONTENT_MAX}
            />
          }
        >
          <textarea
            {...invalidProps('news-edit-content', contentError, true)}
            className="input"
            rows={6}
            value={values.contenu}
            onChange={(e) => set('contenu', e.target.value)}
          />
        </FormField>
        <FormField id="news-edit-category" label="Catégorie">
          <select
            id="news-edit-category"
            className="input"
            value={categorieId ?? ''}
            onChange={(e) => set('categorieId', Number(e.target.value))}
          >
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.libelle}
              </option>
            ))}
          </select>
        </FormField>
        <PublishFooter failure={failure} ready={ready} busy={busy} label="Publier" />
      </form>
    </Dialog>
  );
}
