import { useItems } from './items';

export default function List() {
  const { data, isPending, isError } = useItems();
  return (
    <section>
      <h1>Liste</h1>
      {isPending && <p>Chargement…</p>}
      {isError && <p role="alert">Chargement impossible.</p>}
      <ul>
        {data?.map((item) => (
          <li key={item.id}>{item.title}</li>
        ))}
      </ul>
    </section>
  );
}
