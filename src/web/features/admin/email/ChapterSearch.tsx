import { useEffect, useId, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { LIMITS } from '../../../../common/constants';
import type { ChapterSummary } from '../../../../common/schemas/chapters';
import { BREVO_TEXT } from '../../../../common/emailAdminText';
import { emailAdminApi } from './emailAdminApi';
import { placeName } from '../../../../common/address';

interface Props {
  label: string;
  onPick: (chapter: ChapterSummary) => void;
  disabled?: boolean;
}

/**
 * A chapter search with a dropdown of matches (spec 2 §2): from 2 characters; the dropdown
 * closes 200 ms after the field loses focus, long enough for a click on a match to land.
 */
export function ChapterSearch({ label, onPick, disabled }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [matches, setMatches] = useState<ChapterSummary[] | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const q = text.trim();
    if (q.length < LIMITS.minSearchLength) {
      setMatches(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      emailAdminApi.searchChapters(q).then(
        (found) => live && setMatches(found),
        () => live && setMatches([]),
      );
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  return (
    <div className="position-relative">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Control
        id={id}
        type="search"
        value={text}
        disabled={disabled}
        autoComplete="off"
        placeholder="Type at least 2 characters of a chapter's name"
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          closeTimer.current = setTimeout(() => setOpen(false), LIMITS.chapterDropdownCloseMs);
        }}
      />
      {open && matches !== null && (
        <ListGroup
          className="position-absolute w-100 shadow-sm"
          style={{ zIndex: 1070 }}
          role="listbox"
          aria-label="Chapters found"
        >
          {matches.length === 0 ? (
            <ListGroup.Item>{BREVO_TEXT.noChapters}</ListGroup.Item>
          ) : (
            matches.slice(0, 10).map((c) => (
              <ListGroup.Item
                key={c.id}
                action
                role="option"
                aria-selected={false}
                onClick={() => {
                  onPick(c);
                  setText(c.displayTitle);
                  setOpen(false);
                }}
              >
                {c.displayTitle} <span className="text-body-secondary">({placeName(c)})</span>
              </ListGroup.Item>
            ))
          )}
        </ListGroup>
      )}
    </div>
  );
}
