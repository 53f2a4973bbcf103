// Giving a user a chapter role (POST /api/permission/{chapterId}, admins only), as the admin's
// user page and a chapter's Hosts screen both offer it: the two roles one may give, busy while
// it runs, a toast naming the role given, and the failure kept for the screen to show.
import { useState } from 'react';
import { ROLE } from '../../common/constants';
import { chapterPermissionSchema } from '../answerSchemas';
import { apiSend } from '../api';
import { errorMessage } from '../components/forms/errorMessage';
import { useToast } from '../components/toasts';

export const CHAPTER_ROLE_GRANTS = [
  { roleId: ROLE.chapterHost, label: 'Make Chapter Host' },
  { roleId: ROLE.fieldOrganizer, label: 'Make Field Organizer' },
] as const;
export type GrantableRole = (typeof CHAPTER_ROLE_GRANTS)[number]['roleId'];

interface Named {
  id: number;
}

/** `onGranted` refreshes what shows the roles; it runs before the toast. */
export function useGrantChapterRole(onGranted: (chapterId: number) => Promise<void>) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const grant = async (
    user: Named & { name: string },
    chapter: Named & { displayTitle: string },
    roleId: GrantableRole,
  ) => {
    setBusy(true);
    setFailure(null);
    try {
      const saved = await apiSend(
        'POST',
        `/api/permission/${chapter.id}`,
        { userId: user.id, roleId },
        !import.meta.env?.PROD && chapterPermissionSchema,
      );
      await onGranted(chapter.id);
      toast.show({
        type: 'success',
        title: 'Added',
        message: `${user.name} is now a ${saved.role.name} of ${chapter.displayTitle}.`,
      });
    } catch (err) {
      setFailure(errorMessage(err, 'The role could not be given. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return { grant, busy, failure, clearFailure: () => setFailure(null) };
}
