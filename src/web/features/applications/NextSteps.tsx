import type { HostApplication } from '../../../common/schemas/applications';

/**
 * The checks an admin makes before creating the chapter (spec 2 §3's three toggles on an
 * application), in the order they usually come.
 */
const CHECKS = [
  {
    key: 'didHavePhoneCall',
    title: 'The orientation call',
    text: 'About 45 minutes on the phone: the site, your mailing list and what has worked for other hosts.',
  },
  {
    key: 'didSignAgreement',
    title: 'The host agreement',
    text: 'What hosting asks of you, for you to read and sign.',
  },
  {
    key: 'didGiveAdditionalInfo',
    title: 'A few more details',
    text: 'Anything else we need to set your chapter up, such as where and when it will meet.',
  },
] as const;

/** Our estimate, said as one (docs/decisions/15-first-minutes.md): the spec names no time. */
const USUAL_WAIT = 'two to three weeks';

/**
 * What happens after an application is sent. With the application, each check says whether it
 * is done yet.
 */
export function NextSteps({ application }: { application: HostApplication }) {
  return (
    <section aria-labelledby="next-steps-title" className="card card-body mb-3">
      <h2 id="next-steps-title" className="h4">
        What happens next
      </h2>
      <p>
        A network admin reviews your application and writes to you at{' '}
        <strong>{application.user.email}</strong> to arrange three things:
      </p>
      <ol className="mb-3">
        {CHECKS.map((check) => {
          const done = application[check.key];
          return (
            <li key={check.key} className="mb-2" data-testid={`check-${check.key}`}>
              <strong>{check.title}</strong>{' '}
              <span className={`badge ${done ? 'text-bg-success' : 'text-bg-light border'}`}>
                {done ? 'Done' : 'To do'}
              </span>
              <br />
              {check.text}
            </li>
          );
        })}
      </ol>
      <p className="mb-0">
        Once all three are done, the admin creates your chapter and makes you its host: it shows
        under My Chapters, where you set it up before it opens to visitors. From application to
        chapter usually takes {USUAL_WAIT}.
      </p>
    </section>
  );
}
