import { useId, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** One part of Your Settings: a card with its own heading. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id} className="mb-4 shadow-sm">
      <Card.Body>
        <h2 id={id} className="h5 mb-3">
          {title}
        </h2>
        {children}
      </Card.Body>
    </Card>
  );
}
