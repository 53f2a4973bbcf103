import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { EMBED_SCRIPT_PATH, chapterFramePath, stateFramePath } from '../../../common/embedPaths';
import { EMBED_LIMIT_MAX } from '../../../common/schemas/embed';
import { embedSnippets, mapSnippet, type EmbedScope, type EmbedTheme } from './embedSnippets';
import './embedWidgetElement';

const THEMES: readonly { value: EmbedTheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: "The reader's setting" },
];

/** Loads the widget's script once per page, as a partner's page does, so the preview is real. */
function useWidgetScript(): void {
  useEffect(() => {
    if (document.querySelector(`script[src="${EMBED_SCRIPT_PATH}"]`)) return;
    const script = document.createElement('script');
    script.src = EMBED_SCRIPT_PATH;
    script.async = true;
    document.head.append(script);
  }, []);
}

/**
 * "Embed on your site" (issue 36): the options, the snippet and the frame code for them, each
 * with Copy, and the widget itself drawn with those options. `scope` says whose meetings: a
 * chapter's (chapter admin), or a state's, a type's or the network's (the admin tools).
 */
export function EmbedCodeBuilder({ scope, frameHint }: { scope: EmbedScope; frameHint?: string }) {
  const id = useId();
  const [limit, setLimit] = useState(3);
  const [theme, setTheme] = useState<EmbedTheme>('light');
  useWidgetScript();
  const origin = window.location.origin;
  const { script, frame } = embedSnippets(origin, scope, limit, theme);
  const framed = scope.chapter
    ? chapterFramePath(scope.chapter)
    : scope.state
      ? stateFramePath(scope.state)
      : null;
  return (
    <div className="embed-builder">
      <div className="d-flex flex-wrap gap-3 mb-3">
        <Form.Group controlId={`${id}-limit`}>
          <Form.Label>Meetings shown</Form.Label>
          <Form.Select
            className="w-auto"
            value={limit}
            onChange={(e) => setLimit(Number(e.target.value))}
          >
            {Array.from({ length: Math.min(10, EMBED_LIMIT_MAX) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={`${id}-theme`}>
          <Form.Label>Colours</Form.Label>
          <Form.Select
            className="w-auto"
            value={theme}
            onChange={(e) => setTheme(e.target.value as EmbedTheme)}
          >
            {THEMES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <CodeBox
        label="Paste this where the meetings should appear"
        hint="For sites that allow a script (WordPress with a Custom HTML block, Squarespace, Wix...)."
        code={script}
      />
      {framed && frame && (
        <CodeBox
          label="Or this frame, for sites that allow no script"
          hint={frameHint ?? 'Newsletters and some site builders take a frame but no script.'}
          code={frame}
        />
      )}
      {!scope.chapter && (
        <CodeBox
          label="The map of these chapters, in a frame"
          hint="Their pins and a key of the chapter types; each pin opens to the chapter's next meeting."
          code={mapSnippet(origin, scope)}
        />
      )}
      <h2 className="h5 mt-4">Preview</h2>
      <div className="embed-preview border rounded p-3 bg-body-tertiary">
        <chapters-events
          key={`${limit}-${theme}`}
          chapter={scope.chapter}
          state={scope.state}
          type={scope.type}
          limit={String(limit)}
          theme={theme}
        />
      </div>
    </div>
  );
}

/** A snippet to copy: read-only, selected whole on focus, with a Copy button that says it did. */
function CodeBox({ label, hint, code }: { label: string; hint: string; code: string }) {
  const id = useId();
  const ref = useWholeCodeHeight(code);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(code).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <Form.Group controlId={`${id}-code`} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Control
        as="textarea"
        ref={ref}
        readOnly
        rows={code.split('\n').length}
        value={code}
        style={{ resize: 'none', overflow: 'hidden' }}
        className="font-monospace small"
        onFocus={(e) => e.currentTarget.select()}
        aria-describedby={`${id}-hint`}
      />
      <div className="d-flex align-items-center gap-2 mt-2">
        <Button variant="outline-primary" size="sm" onClick={copy}>
          Copy
        </Button>
        <span role="status" className="small text-body-secondary">
          {copied === 'yes' && 'Copied.'}
          {copied === 'failed' &&
            'Your browser did not let the page copy: select the text and copy it.'}
        </span>
      </div>
      <Form.Text id={`${id}-hint`}>{hint}</Form.Text>
    </Form.Group>
  );
}

/**
 * A read-only textarea as tall as its code, so a host sees all they copy: a snippet's long lines
 * wrap into more lines than it has, and how many depends on the box's width, so the height is
 * measured again when the code or the width changes.
 */
function useWholeCodeHeight(code: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    let width = -1;
    const fit = () => {
      if (box.clientWidth === width) return;
      width = box.clientWidth;
      box.style.height = 'auto';
      // scrollHeight leaves out the borders, which the height (border-box) counts.
      box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    // Only a change of width re-wraps the code; the height set here is not one.
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    return () => observer.disconnect();
  }, [code]);
  return ref;
}
