// The backup's client tools get the database's password through their environment, never on
// their command line, where any user of the machine could read it with `ps`.
import { describe, expect, it } from 'vitest';
import { toolConnection } from './postgres';

describe('toolConnection', () => {
  it('moves the password out of the URL into PGPASSWORD, decoded', () => {
    const { dbname, env } = toolConnection(
      'postgres://chapters:s%40cret%2Fpw@db.internal:5432/site',
    );
    expect(dbname).not.toContain('cret');
    expect(dbname).toBe('postgres://chapters@db.internal:5432/site');
    expect(env.PGPASSWORD).toBe('s@cret/pw');
  });

  it('keeps the query string (sslmode and the like) on the URL', () => {
    const { dbname } = toolConnection('postgres://u:pw@h/site?sslmode=require');
    expect(dbname).toBe('postgres://u@h/site?sslmode=require');
  });

  it('leaves a URL without a password as it is', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/test';
    expect(toolConnection(url)).toEqual({ dbname: url, env: process.env });
  });
});
