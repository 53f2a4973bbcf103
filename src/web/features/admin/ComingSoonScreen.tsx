/** /admin/content and /admin/surveys: placeholders (spec 2 §2). */
function ComingSoon({ title }: { title: string }) {
  return (
    <section aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" className="h2">
        {title}
      </h1>
      <div className="card card-body">
        <p className="lead mb-0">Coming Soon!</p>
      </div>
    </section>
  );
}

export const ContentComingSoonScreen = () => <ComingSoon title="Content" />;
export const SurveysComingSoonScreen = () => <ComingSoon title="Surveys" />;
