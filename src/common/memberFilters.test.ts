// The Members screen's status names and the words the lists store: one table, read both ways.
import { describe, expect, it } from 'vitest';
import {
  MEMBER_STATUS_FILTER_NAMES,
  MEMBER_STATUS_FILTERS,
  memberStatusName,
  STORED_STATUS,
} from './memberFilters';

describe('member statuses', () => {
  it('name each stored word of the built-in lists', () => {
    expect(memberStatusName('active')).toBe('active');
    expect(memberStatusName('unsub')).toBe('unsubscribed');
    expect(memberStatusName('blocked')).toBe('blocked');
    expect(memberStatusName('bounce')).toBe('bounced');
    expect(memberStatusName('unconfirmed')).toBe('unconfirmed');
  });

  it('read other spellings a list may hold, and know none of a word of no status', () => {
    expect(memberStatusName('deleted')).toBe('unsubscribed');
    expect(memberStatusName('unsubscribed')).toBe('unsubscribed');
    expect(memberStatusName('bounced')).toBe('bounced');
    expect(memberStatusName('Active')).toBeNull();
    expect(memberStatusName('')).toBeNull();
  });

  it('store under each name the word its filter finds first, and no word under two names', () => {
    for (const name of MEMBER_STATUS_FILTER_NAMES) {
      expect(MEMBER_STATUS_FILTERS[name][0]).toBe(STORED_STATUS[name]);
      expect(memberStatusName(STORED_STATUS[name])).toBe(name);
    }
    const words = Object.values(MEMBER_STATUS_FILTERS).flat();
    expect(new Set(words).size).toBe(words.length);
  });
});
