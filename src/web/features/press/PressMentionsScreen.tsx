import { PressMentionList } from '../chapter/PressMentionList';

/** /press_mentions: every visible press mention, newest first. */
export function PressMentionsScreen() {
  return (
    <>
      <h1>In the Press</h1>
      <PressMentionList title="All press mentions" path="/api/press_mention/public" />
    </>
  );
}
