import { usePartner, problem } from '../api';
import { useSavePartner } from '../mutations';
import shared from '../administration.module.css';
import { RowForm, type RowField } from './RowForm';

const FIELDS: RowField[] = [
  { name: 'code', label: 'Code promo', maxLength: 30, placeholder: 'MUNEGU10' },
  { name: 'url', label: 'Lien (https)', type: 'url', placeholder: 'https://…' },
];

/** The home banner's partner code and link: both, or neither (no banner). */
export function PartnerEditor() {
  const partner = usePartner();
  const save = useSavePartner();
  const submit = (v: Record<string, string>) => {
    const code = v['code']?.trim() || null;
    const url = v['url']?.trim() || null;
    return save.mutateAsync({ code, url }).then(
      () => true,
      () => false,
    );
  };
  return (
    <section className={`card ${shared['panel']}`} aria-labelledby="adm-partner">
      <h2 id="adm-partner">Offre partenaire</h2>
      <p className={shared['hint']}>
        Code de 2 à 30 lettres, chiffres ou tirets et lien https. Vide les deux champs pour retirer
        la bannière de l’accueil.
      </p>
      {partner.isError && <p className="error-text">{problem(partner.error)}</p>}
      {partner.isSuccess && (
        <RowForm
          key={`${partner.data.code}|${partner.data.url}`}
          fields={FIELDS}
          initial={{ code: partner.data.code ?? '', url: partner.data.url ?? '' }}
          submitLabel="Enregistrer"
          busy={save.isPending}
          onSubmit={submit}
        />
      )}
    </section>
  );
}
