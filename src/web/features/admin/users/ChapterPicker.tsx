import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { LIMITS } from '../../../../common/constants';
import { chapterSummaryListSchema } from '../../../answerSchemas';
import type { ChapterSummary } from '../../../../common/schemas/chapters';
import { apiGet } from '../../../api';
import { InlineRetry } from '../../../components/InlineRetry';
import { placeName } from '../../../../common/address';

/**
 * Finds a chapter by name or city (spec 2 §5: at least 2 characters), hidden ones too, and hands
 * the chosen one to `onPick`.
 */
export function ChapterPicker({ onPick }: { onPick: (chapter: ChapterSummary) => void }) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const q = text.trim();
  const enabled = q.length >= LIMITS.minSearchLength;
  const query = useQuery({
    queryKey: ['chapter-search', q],
    queryFn: () =>
      apiGet(
        `/api/chapters/search?q=${encodeURIComponent(q)}`,
        !import.meta.env?.PROD && chapterSummaryListSchema,
      ),
    enabled,
    placeholderData: (previous) => previous,
  });
  return (
    <div>
      <Form.Label htmlFor={inputId}>Find a chapter</Form.Label>
      <Form.Control
        id={inputId}
        type="search"
        autoComplete="off"
        value={text}
        aria-describedby={hintId}
        onChange={(e) => setText(e.target.value)}
      />
      <Form.Text id={hintId} muted>
        Type at least {LIMITS.minSearchLength} characters of its name or city.
      </Form.Text>
      <div aria-live="polite" className="mt-2">
        {enabled && query.isPending && <p role="status">Searching...</p>}
        {enabled && query.isError && (
          <InlineRetry what="chapters" onRetry={() => void query.refetch()} />
        )}
        {enabled && query.data?.length === 0 && <p>No chapters found</p>}
        {enabled && query.data && query.data.length > 0 && (
          <ListGroup className="chapter-picker-results">
            {query.data.map((c) => (
              <ListGroup.Item
                key={c.id}
                action
                as="button"
                type="button"
                onClick={() => {
                  onPick(c);
                  setText('');
                }}
              >
                {c.displayTitle}{' '}
                <span className="text-body-secondary small">
                  {c.chapter_type.name} Liberally, {placeName(c)}
                  {c.status !== 1 && ' (hidden)'}
                </span>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </div>
    </div>
  );
}
