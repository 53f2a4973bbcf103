// How an import finds its columns (the screen's preview and the server share this).
import { describe, expect, it } from 'vitest';
import { detectColumns, rowName } from './memberImport';

describe('detectColumns', () => {
  it.each([
    [['email'], 'email'],
    [['E-mail'], 'E-mail'],
    [['Email Address', 'Name'], 'Email Address'],
    [['Name', 'EMAIL_ADDRESS'], 'EMAIL_ADDRESS'],
  ])('takes %j as a header naming the email column', (header, named) => {
    const columns = detectColumns([header, ...header.map(() => []), ['ann@example.org', 'Ann']]);
    expect(columns.header).toBe(true);
    expect(columns.email).toBe(header.indexOf(named));
  });

  it('takes a first row that holds an address as data', () => {
    expect(
      detectColumns([
        ['Ann', 'ann@example.org'],
        ['Bob', 'bob@example.org'],
      ]),
    ).toEqual({ header: false, email: 1, name: [0] });
  });

  it('without a header, takes the column of addresses and the next text column', () => {
    expect(
      detectColumns([
        ['1', 'ann@example.org', '27701', 'Ann Lee'],
        ['2', 'bob@example.org', '27702', 'Bob Roe'],
      ]),
    ).toEqual({ header: false, email: 1, name: [3] });
  });

  it('joins first and last names from a header', () => {
    const columns = detectColumns([
      ['Last Name', 'First Name', 'Email'],
      ['Lee', 'Ann', 'ann@example.org'],
    ]);
    expect(columns).toEqual({ header: true, email: 2, name: [1, 0] });
    expect(rowName(['Lee', 'Ann', 'ann@example.org'], columns)).toBe('Ann Lee');
    expect(rowName([' ', '', 'x@example.org'], columns)).toBeNull();
  });

  it('takes an unknown header when the addresses are below it', () => {
    expect(
      detectColumns([
        ['Who', 'Contact'],
        ['Ann', 'ann@example.org'],
      ]),
    ).toEqual({ header: true, email: 1, name: [0] });
  });
});
