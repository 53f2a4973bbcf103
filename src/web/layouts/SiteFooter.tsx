/** Spec 1 §2: the copyright line shows the year 2020, not the current year. */
export function SiteFooter() {
  return (
    <footer className="site-footer border-top bg-body-tertiary py-3 mt-5">
      <div className="container">
        <p className="mb-0 text-body-secondary">© 2020 Living Liberally</p>
      </div>
    </footer>
  );
}
