import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  title: string;
  /** The list the editor belongs to, and the words of the link back to it. */
  listPath: string;
  listLabel: string;
  children: ReactNode;
}

/** An editor's screen: a link back to its list, then a card headed by the screen's title. */
export function EditorScreen({ title, listPath, listLabel, children }: Props) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Link to={listPath} className="d-inline-block mb-2">
        {`‹ ${listLabel}`}
      </Link>
      <div className="card">
        <div className="card-header">
          <h1 id={titleId} className="h4 mb-0">
            {title}
          </h1>
        </div>
        <div className="card-body">{children}</div>
      </div>
    </section>
  );
}
