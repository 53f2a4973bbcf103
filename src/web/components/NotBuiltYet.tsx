/** Stands in for every screen that later work will build. */
export function NotBuiltYet({ name }: { name: string }) {
  return (
    <section className="py-4" aria-labelledby="screen-title">
      <h1 id="screen-title" className="h2">
        {name}
      </h1>
      <p className="lead">This screen is not built yet.</p>
    </section>
  );
}
