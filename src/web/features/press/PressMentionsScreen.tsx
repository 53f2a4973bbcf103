import { LIMITS } from '../../../common/constants';
import { PressMentionList } from '../../components/press/PressMentionList';

/** /press_mentions: every visible press mention, newest first, a page at a time. */
export function PressMentionsScreen() {
  return (
    <>
      <h1>In the Press</h1>
      <PressMentionList
        title="All press mentions"
        path="/api/press_mention/public"
        shown={LIMITS.pressMentionsMore}
      />
    </>
  );
}
