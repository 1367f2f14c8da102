import { useItems } from './items';

export default function Home() {
  const { data, isPending, isError } = useItems();
  return (
    <section>
      <h1>Accueil</h1>
      {isPending && <p>Chargement…</p>}
      {isError && <p role="alert">Chargement impossible.</p>}
      {data?.slice(0, 3).map((item) => (
        <article key={item.id}>
          <h2>{item.title}</h2>
          <p>{item.body}</p>
        </article>
      ))}
    </section>
  );
}
