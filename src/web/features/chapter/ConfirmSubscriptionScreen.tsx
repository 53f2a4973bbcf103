import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { LIMITS } from '../../../common/constants';
import { confirmAnswerSchema } from '../../answerSchemas';
import { ApiError, apiSend } from '../../api';
import { PageSpinner } from '../../components/PageSpinner';
import { MailingListSignup } from '../../components/chapterPin/MailingListSignup';
import { AddToCalendarMenu } from '../../components/calendar/AddToCalendarMenu';
import { dateWithWeekday, timeRangeText } from '../../../common/eventSchedule';
import type { ConfirmAnswer } from '../../../common/schemas/mailing';

type Chapter = { id: number; state: string; slug: string };
const chapterPath = (c: Chapter) => `/chapter/${c.state.toLowerCase()}/${c.slug}`;
type Meeting = NonNullable<ConfirmAnswer['nextMeeting']>;

/** The chapter's next meeting, as the welcome email shows it, with its calendar links. */
function NextMeetingCard({
  chapter,
  listName,
  meeting,
}: {
  chapter: Chapter;
  listName: string;
  meeting: Meeting;
}) {
  const eventPath = `${chapterPath(chapter)}/events/${meeting.eventSlug}`;
  return (
    <section className="card mb-3" style={{ maxWidth: '32rem' }} aria-labelledby="next-meeting">
      <div className="card-body">
        <h2 id="next-meeting" className="h6 text-uppercase text-body-secondary mb-2">
          Next meeting
        </h2>
        <p className="h5 mb-1">
          <Link to={eventPath}>{meeting.eventName}</Link>
        </p>
        <p className="mb-1">
          {dateWithWeekday(meeting.date, 'long')} ·{' '}
          {timeRangeText(meeting.startTime, meeting.endTime)}
          {meeting.zone ? ` ${meeting.zone}` : ''}
        </p>
        {meeting.place && <address className="mb-2">{meeting.place}</address>}
        {meeting.note && <p className="small text-body-secondary mb-2">{meeting.note}</p>}
        <AddToCalendarMenu
          id="confirm-add-to-calendar"
          occurrence={{
            title: `${listName} at ${meeting.eventName}`,
            location: [meeting.eventName, meeting.place].filter(Boolean).join(', '),
            details: '',
            path: eventPath,
            when: { start: meeting.start, end: meeting.end },
          }}
          icsPath={`/api/chapter_calendar/event/${encodeURIComponent(meeting.eventSlug)}/event.ics`}
          feedPath={`/api/chapter_calendar/${encodeURIComponent(chapter.slug)}/events.ics`}
        />
      </div>
    </section>
  );
}

/**
 * The page a sign-up's confirmation link opens: it confirms (a POST, so a mail scanner that
 * fetches the link confirms nothing) and says which list. An expired link offers the sign-up
 * again; an unknown one points to the chapters.
 */
export function ConfirmSubscriptionScreen() {
  const { token = '' } = useParams();
  const confirm = useMutation({
    mutationFn: () =>
      apiSend(
        'POST',
        `/api/mailing_list/confirm/${encodeURIComponent(token)}`,
        {},
        !import.meta.env?.PROD && confirmAnswerSchema,
      ),
  });
  const { mutate } = confirm;
  // Once per link: a second call (React's development double effect) would answer
  // 'already confirmed' over the first call's 'confirmed'.
  const asked = useRef('');
  useEffect(() => {
    if (asked.current === token) return;
    asked.current = token;
    mutate();
  }, [mutate, token]);

  let content;
  // The heading says what happened (issue 35): not "Confirm your subscription" over a
  // subscription that is confirmed.
  let title = 'Confirming your subscription';
  if (confirm.isError) {
    title =
      confirm.error instanceof ApiError && confirm.error.status === 404
        ? 'Confirmation link not valid'
        : 'Confirm your subscription';
    content =
      confirm.error instanceof ApiError && confirm.error.status === 404 ? (
        <>
          <p className="lead">
            This confirmation link is not valid. Please check that it was copied whole.
          </p>
          <p>
            You can sign up again on your <Link to="/">chapter&apos;s page</Link>.
          </p>
        </>
      ) : (
        <Alert variant="danger">
          Your subscription could not be confirmed.{' '}
          <Button size="sm" variant="danger" onClick={() => mutate()}>
            Try again
          </Button>
        </Alert>
      );
  } else if (!confirm.data) {
    content = <PageSpinner label="Confirming your subscription..." />;
  } else {
    const { result, email, listName, chapter } = confirm.data;
    title = result === 'expired' ? 'Confirmation link expired' : 'Subscription confirmed';
    content =
      result === 'expired' ? (
        <>
          <p className="lead">
            This link has expired: links work for {LIMITS.confirmLinkDays} days. Sign up again and
            we will send you a new one.
          </p>
          {chapter ? (
            <div style={{ maxWidth: '32rem' }}>
              <MailingListSignup chapterId={chapter.id} listName={listName} />
            </div>
          ) : (
            <p>
              Find your chapter on the <Link to="/">map</Link>.
            </p>
          )}
        </>
      ) : (
        <>
          <p role="status" className="lead text-break">
            {result === 'confirmed'
              ? `Thank you! ${email} is confirmed for the ${listName} list. A welcome email is on its way.`
              : `${email} is already confirmed for the ${listName} list.`}{' '}
            Emails about meetings will come there; each one has a link to unsubscribe.
          </p>
          {chapter && confirm.data.nextMeeting && (
            <NextMeetingCard
              chapter={chapter}
              listName={listName}
              meeting={confirm.data.nextMeeting}
            />
          )}
          {chapter && <Link to={chapterPath(chapter)}>Go to {listName}</Link>}
        </>
      );
  }
  return (
    <section className="py-4" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="h2">
        {title}
      </h1>
      {content}
    </section>
  );
}
