import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** The narrow card every account screen sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="row justify-content-center">
      <div className="col-sm-10 col-md-7 col-lg-5">
        <Card className="shadow-sm">
          <Card.Body className="p-4">
            <h1 className="h3 mb-3">{title}</h1>
            {children}
          </Card.Body>
        </Card>
      </div>
    </div>
  );
}
