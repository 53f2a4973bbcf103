import { Link } from 'react-router';
import { LIMITS } from '../../../common/constants';
import { PressMentionList } from '../../components/press/PressMentionList';
import { SubscribeLink } from '../../components/calendar/SubscribeLink';
import { BlogPostList } from './BlogPostList';
import { HomeHero } from './HomeHero';
import { HomeMap } from './HomeMap';
import { StateSelect } from './StateSelect';

/** Spec 1 §2 Home. */
export function HomePage() {
  return (
    <>
      <HomeHero />
      <HomeMap />
      <div className="row g-3 align-items-end mb-4">
        <div className="col-sm-8 col-md-6">
          <StateSelect />
        </div>
        <div className="col-sm-4 col-md-6">
          <p className="mb-1">No chapter near you?</p>
          <Link to="/intro_start_chapter" className="btn btn-primary">
            Start One
          </Link>
        </div>
      </div>
      <p className="network-calendar d-flex flex-wrap align-items-center gap-2 mb-4">
        <span>Every chapter’s meetings in your calendar, kept up to date:</span>
        <SubscribeLink feedPath="/api/chapter_calendar/all/events.ics">
          Subscribe to the network’s calendar
        </SubscribeLink>
      </p>
      <div className="row g-4">
        <div className="col-lg-7">
          <BlogPostList />
        </div>
        <div className="col-lg-5">
          <PressMentionList
            title="Recent Press Mentions"
            path={`/api/press_mention/public/${LIMITS.recentPressMentions}`}
            viewAll
          />
        </div>
      </div>
    </>
  );
}
