import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { CHAPTER_TYPES } from '../../../../common/constants';
import { BLOG_FEED_PATH, stateCalendarPath } from '../../../../common/embedPaths';
import { STATES } from '../../../../common/states';
import { EmbedCodeBuilder } from '../../../components/embed/EmbedCodeBuilder';

/**
 * "Embed on your site" for the network (issue 36): the next meetings of a state, a chapter type,
 * both, or every chapter, for the network's own sites and its partners'.
 */
export function EmbedScreen() {
  const id = useId();
  const [state, setState] = useState('');
  const [type, setType] = useState('');
  const origin = window.location.origin;
  return (
    <section aria-labelledby="embed-title">
      <h1 id="embed-title" className="h2">
        Embed on your site
      </h1>
      <p>
        Show the network’s next meetings on another site: of one state, one chapter type, or every
        chapter. Each chapter’s hosts find their own chapter’s code in their chapter admin.
      </p>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <Form.Group controlId={`${id}-state`}>
          <Form.Label>State</Form.Label>
          <Form.Select className="w-auto" value={state} onChange={(e) => setState(e.target.value)}>
            <option value="">Every state</option>
            {STATES.map(([abbr, name]) => (
              <option key={abbr} value={abbr}>
                {name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={`${id}-type`}>
          <Form.Label>Chapter type</Form.Label>
          <Form.Select className="w-auto" value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">Every type</option>
            {CHAPTER_TYPES.map((t) => (
              <option key={t.id} value={t.name.toLowerCase()}>
                {t.name} Liberally
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <EmbedCodeBuilder
        key={`${state}-${type}`}
        scope={{ state: state || undefined, type: type || undefined }}
        frameHint="A frame shows one state's meetings: choose a state for its frame code."
      />
      <h2 className="h5 mt-4">Links to share</h2>
      {/* A whole URL is one word: it wraps where it must rather than widen a phone's page. */}
      <ul className="text-break">
        <li>
          The network’s blog as a feed: <a href={BLOG_FEED_PATH}>{origin + BLOG_FEED_PATH}</a>
        </li>
        {state && (
          <li>
            Meetings in {STATES.find(([abbr]) => abbr === state)?.[1]} as a calendar subscription:{' '}
            <a href={stateCalendarPath(state)}>{origin + stateCalendarPath(state)}</a>
          </li>
        )}
      </ul>
    </section>
  );
}
