import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { placeSchema } from '../../answerSchemas';
import { ApiError, apiGet } from '../../api';

export interface Place {
  lat: number;
  lng: number;
  label: string;
}

/** Enter or Search geocodes the place typed (a city, "City, ST", a ZIP or a state). */
export function PlaceSearch({ onFound }: { onFound: (place: Place) => void }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function search(event: FormEvent) {
    event.preventDefault();
    if (!q.trim()) return;
    setBusy(true);
    setMessage(null);
    try {
      const place = await apiGet(
        `/api/geocode?q=${encodeURIComponent(q.trim())}`,
        !import.meta.env?.PROD && placeSchema,
      );
      setMessage(`Showing ${place.label}`);
      onFound(place);
    } catch (err) {
      // Spec 1 §8: geocoding failures are only logged; we also say why nothing moved.
      console.warn('Geocoding failed', err);
      setMessage(
        err instanceof ApiError && err.status === 404
          ? `We could not find "${q.trim()}".`
          : 'Search is not available right now.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={(e) => void search(e)} className="mb-2" role="search">
      <Form.Label htmlFor={id}>Find chapters near</Form.Label>
      <InputGroup>
        <Form.Control
          id={id}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="City, state or ZIP code"
        />
        <Button type="submit" disabled={busy}>
          Search
        </Button>
      </InputGroup>
      <p className="small text-body-secondary mb-0 mt-1" aria-live="polite">
        {message}
      </p>
    </Form>
  );
}
