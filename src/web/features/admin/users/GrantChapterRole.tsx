import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ROLE } from '../../../../common/constants';
import type { ChapterSummary } from '../../../../common/schemas/chapters';
import type { UserDetail } from '../../../../common/schemas/users';
import {
  CHAPTER_ROLE_GRANTS as GRANTS,
  useGrantChapterRole,
} from '../../../hooks/useGrantChapterRole';
import { ChapterPicker } from './ChapterPicker';
import { userKey } from './usersQuery';
import { placeName } from '../../../../common/address';

/**
 * Spec 2 §2 /admin/users/{id}: once a chapter is chosen, Make Chapter Host (role 3) and Make
 * Field Organizer (role 2), through POST /api/permission/{chapterId}.
 */
export function GrantChapterRole({ user }: { user: UserDetail }) {
  const queryClient = useQueryClient();
  const [chapter, setChapter] = useState<ChapterSummary | null>(null);
  const { grant, busy, failure, clearFailure } = useGrantChapterRole(async (chapterId) => {
    await queryClient.invalidateQueries({ queryKey: userKey(user.id) });
    await queryClient.invalidateQueries({ queryKey: ['chapter-permissions', chapterId] });
    await queryClient.invalidateQueries({ queryKey: ['admin-users'] });
    await queryClient.invalidateQueries({ queryKey: ['chapter'] });
  });
  const held = (roleId: number) =>
    chapter !== null &&
    user.chapterRoles.some((r) => r.chapter.id === chapter.id && r.roleId === roleId);

  return (
    <section className="card card-body mt-4" aria-labelledby="grant-title">
      <h2 id="grant-title" className="h5">
        Give {user.name} a chapter role
      </h2>
      {chapter ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <span>
            Chapter: <strong>{chapter.displayTitle}</strong> ({placeName(chapter)})
          </span>
          <Button variant="link" size="sm" onClick={() => setChapter(null)}>
            Choose another
          </Button>
        </div>
      ) : (
        <ChapterPicker
          onPick={(c) => {
            clearFailure();
            setChapter(c);
          }}
        />
      )}
      {chapter && (
        <div className="d-flex flex-wrap gap-2">
          {GRANTS.map((g) =>
            held(g.roleId) ? (
              <span key={g.roleId} className="text-body-secondary small align-self-center">
                Already a {g.roleId === ROLE.chapterHost ? 'Chapter Host' : 'Field Organizer'} here.
              </span>
            ) : (
              <Button
                key={g.roleId}
                variant="outline-primary"
                disabled={busy}
                onClick={() => void grant(user, chapter, g.roleId)}
              >
                {g.label}
              </Button>
            ),
          )}
        </div>
      )}
      {failure && (
        <Alert variant="danger" className="mt-3 mb-0">
          {failure}
        </Alert>
      )}
    </section>
  );
}
