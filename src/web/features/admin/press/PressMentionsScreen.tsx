import { Link } from 'react-router';
import { PressMentionItem } from '../../../components/press/PressMentionItem';
import { QueryState } from '../../../components/QueryState';
import { PRESS_LIST_PATH, useNetworkMentions } from './networkPressQuery';

/** /admin/press_mentions (spec 2 §2): the network's own press, visible or not. */
export function PressMentionsScreen() {
  const query = useNetworkMentions();
  return (
    <section aria-labelledby="press-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 id="press-title" className="h2 mb-0 me-auto">
          Press Mentions
        </h1>
        <Link to={`${PRESS_LIST_PATH}/add`} className="btn btn-primary">
          Add Press Mention
        </Link>
      </div>
      <p className="text-body-secondary">
        Articles about the whole network. A chapter&apos;s own press is kept in that chapter&apos;s
        admin tools.
      </p>
      <QueryState query={query} what="press mentions">
        {(mentions) =>
          mentions.length === 0 ? (
            <div className="card card-body">
              <p className="mb-0">No press mentions yet.</p>
            </div>
          ) : (
            <ul className="list-unstyled">
              {mentions.map((m) => (
                <PressMentionItem
                  key={m.slug}
                  mention={m}
                  editPath={`${PRESS_LIST_PATH}/edit/${m.slug}`}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
