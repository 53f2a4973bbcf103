import { Fragment } from 'react';

/**
 * An email address that wraps where a reader expects (issue 35): after the @ and after each dot,
 * never in the middle of a word (`.address-text` in styles.css turns the cell's mid-word breaking
 * off for it).
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=[@.])/);
  return (
    <span className="address-text">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
