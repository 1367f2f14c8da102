/** The members search's field (GET /administration/membres?q=, 2 characters at least). */
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
      value={value}
      maxLength={100}
      placeholder="2 caractères au moins"
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
