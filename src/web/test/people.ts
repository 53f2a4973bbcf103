// People as the API's answers describe them, for screens' tests.
import type { User } from '../../common/schemas/auth';

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 5,
    name: 'Dana Host',
    email: 'dana@example.org',
    permissions: [],
    isAdmin: false,
    isFieldOrganizer: false,
    isChapterHost: false,
    hasChapters: false,
    chapterHostChapterIds: [],
    fieldOrganizerChapterIds: [],
    passwordChangeRequired: false,
    ...overrides,
  };
}
