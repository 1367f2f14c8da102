/**
 * The field of a members search by the start of a pseudo or address (2 characters at least):
 * the administration's members and organisers, the moderators' 'Trouver un membre'.
 */
export function MemberSearchInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (q: string) => void;
}) {
  return (
    <input
      id={id}
      className="input"
      type="search"
      autoComplete="off"
      value={value}
      maxLength={100}
      placeholder="2 caractères au moins"
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
