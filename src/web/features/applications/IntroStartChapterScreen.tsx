import { Link } from 'react-router';

/** Spec 1 §2 "Starting a chapter": what hosting asks of you, then on to the application. */
export function IntroStartChapterScreen() {
  return (
    <article className="col-lg-9">
      <h1>Start a chapter</h1>
      <p className="lead">
        Every Living Liberally chapter is started by someone who wanted a place to talk politics
        with neighbours and decided to make one. Here is what hosting asks of you.
      </p>
      <h2 className="h4">Hosting requirements</h2>
      <ul>
        <li>
          <strong>Meet at least monthly.</strong> A chapter has a regular time and place, so
          newcomers can always find it.
        </li>
        <li>
          <strong>Stay in touch with your list.</strong> Chapters that send no email to their
          members in two months are removed from the directory.
        </li>
        <li>
          <strong>Take the orientation call.</strong> It lasts about 45 minutes: we walk you through
          the site, your mailing list and what has worked for other hosts.
        </li>
        <li>
          <strong>Keep it friendly and open.</strong> Chapters are social, non-partisan in venue and
          welcoming to anyone curious, whatever their views.
        </li>
      </ul>
      <Link to="/start_chapter" className="btn btn-primary btn-lg">
        Continue
      </Link>
    </article>
  );
}
