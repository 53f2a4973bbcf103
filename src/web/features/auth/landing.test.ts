import { describe, expect, it } from 'vitest';
import { aUser } from '../../test/people';
import { cameFrom, landingFor } from './landing';

const host = (ids: number[]) => aUser({ chapterHostChapterIds: ids, hasChapters: true });

describe('where a sign-in lands', () => {
  it('goes where the returnUrl asks, whoever signs in', () => {
    expect(landingFor(aUser({ isAdmin: true }), '?returnUrl=/settings', '/about')).toEqual({
      path: '/settings',
    });
  });

  it('takes an admin to the admin dashboard', () => {
    expect(landingFor(aUser({ isAdmin: true }), '', '/about')).toEqual({ path: '/admin' });
  });

  it("takes the host of one chapter to that chapter's dashboard", () => {
    expect(landingFor(host([7]), '', '/about')).toEqual({ chapterId: 7 });
  });

  it('counts a chapter held as host and field organizer once', () => {
    expect(landingFor(aUser({ ...host([7]), fieldOrganizerChapterIds: [7] }), '', null)).toEqual({
      chapterId: 7,
    });
  });

  it('takes a host or field organizer of several chapters to My Chapters', () => {
    expect(landingFor(aUser({ ...host([7]), fieldOrganizerChapterIds: [9] }), '', null)).toEqual({
      path: '/my_chapters',
    });
  });

  it('takes anyone else back where they were, or home', () => {
    expect(landingFor(aUser(), '', '/about?x=1')).toEqual({ path: '/about?x=1' });
    expect(landingFor(aUser(), '', null)).toEqual({ path: '/' });
  });

  it('never goes back to another site', () => {
    expect(cameFrom({ from: '//evil.example' })).toBeNull();
    expect(cameFrom({ from: 'https://evil.example' })).toBeNull();
    expect(cameFrom({ from: '/about' })).toBe('/about');
    expect(cameFrom(null)).toBeNull();
  });
});
