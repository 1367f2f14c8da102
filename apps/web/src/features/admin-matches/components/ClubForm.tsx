import { useState } from 'react';
import { adminClubInputSchema, CLUB_LOGO_MAX_BYTES, type ClubDetail } from '@munegu/shared';
import { Crest } from '../../../components/ui/Crest';
import { FilePicker } from '../../../components/ui/FilePicker';
import { invalidProps } from '../../../components/ui/FormField';
import { useDepartments } from '../../reference';
import { useSaveClub } from '../api';
import { saveOutcome } from './saveOutcome';
import { fieldErrors } from '../../../components/ui/formErrors';
import { FormDialogFooter } from '../../../components/ui/Dialog';
import adminStyles from '../admin.module.css';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Create or edit a club: name, stadium, city, department and crest upload. */
export function ClubForm({ club, onDone }: { club: ClubDetail | null; onDone: () => void }) {
  const save = useSaveClub();
  const departments = useDepartments();
  const [values, setValues] = useState({
    nom: club?.nom ?? '',
    nomStade: club?.nomStade ?? '',
    ville: club?.ville ?? '',
    departement: club?.departement_club ?? '',
  });
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  /*
   * A refused file also drops the one chosen before it: the picker then names no file and the
   * form shows the club's current crest, which is what saving keeps.
   */
  const pickLogo = (file: File | null) => {
    const refusal =
      file && !LOGO_TYPES.includes(file.type)
        ? 'Format de fichier non autorisé. Formats acceptés : PNG, JPG, JPEG, WEBP.'
        : file && file.size > CLUB_LOGO_MAX_BYTES
          ? 'Fichier trop volumineux (2 Mo maximum).'
          : null;
    const kept = refusal ? null : file;
    setLogo(kept);
    if (preview) URL.revokeObjectURL(preview);
    setPreview(kept ? URL.createObjectURL(kept) : null);
    setErrors(({ logo: _drop, ...rest }) => (refusal ? { ...rest, logo: refusal } : rest));
    return !refusal;
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = adminClubInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    save.mutate(
      { id: club?.id ?? null, input: parsed.data, logo },
      saveOutcome(club ? 'Club modifié.' : 'Club créé.', onDone, setErrors),
    );
  };

  const text = (key: keyof typeof values, label: string, max: number) => (
    <div className="field">
      <label htmlFor={`club-${key}`}>{label}</label>
      <input
        id={`club-${key}`}
        className="input"
        value={values[key]}
        maxLength={max}
        onChange={set(key)}
        aria-invalid={errors[key] ? 'true' : undefined}
        aria-describedby={errors[key] ? `club-${key}-error` : undefined}
      />
      {errors[key] && (
        <span id={`club-${key}-error`} className="field__error" role="alert">
          {errors[key]}
        </span>
      )}
    </div>
  );

  return (
    <form className="admin__form" onSubmit={submit} noValidate>
      <div className={adminStyles['admin__grid']}>
        {text('nom', 'Nom du club', 60)}
        {text('nomStade', 'Stade', 80)}
        {text('ville', 'Ville', 60)}
        <div className="field">
          <label htmlFor="club-departement">Département</label>
          <select
            id="club-departement"
            className="input"
            value={values.departement}
            onChange={set('departement')}
            aria-invalid={errors.departement ? 'true' : undefined}
          >
            <option value="">— Choisir —</option>
            {departments.data?.map((d) => {
              const code = d.code.replace(/^FR-/i, '');
              return (
                <option key={code} value={code}>
                  {code} – {d.name}
                </option>
              );
            })}
          </select>
          {errors.departement && (
            <span className="field__error" role="alert">
              {errors.departement}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="club-logo">Écusson (PNG, JPG ou WEBP, 2 Mo max.)</label>
          <div className={adminStyles['admin__club-select']}>
            {preview ? (
              <img
                src={preview}
                alt="Aperçu de l’écusson"
                width={48}
                height={48}
                className="crest"
              />
            ) : (
              <Crest name={values.nom || 'Club'} logo={club?.logo} size={48} />
            )}
            <FilePicker
              {...invalidProps('club-logo', errors.logo)}
              accept={LOGO_TYPES.join(',')}
              onFile={pickLogo}
            />
          </div>
          {errors.logo && (
            <span id="club-logo-error" className="field__error" role="alert">
              {errors.logo}
            </span>
          )}
        </div>
      </div>
      <FormDialogFooter
        disabled={save.isPending}
        label={save.isPending ? (logo ? 'Envoi de l’écusson…' : 'Enregistrement…') : 'Enregistrer'}
      />
    </form>
  );
}
