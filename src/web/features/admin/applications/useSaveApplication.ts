import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { hostApplicationSchema } from '../../../answerSchemas';
import type { HostApplication, HostApplicationSave } from '../../../../common/schemas/applications';
import { apiSend } from '../../../api';
import { useSaveState } from '../../../components/forms/useSaveState';
import { applicationKey, applicationsKey } from './applicationsQuery';

type Change = Partial<
  Pick<
    HostApplication,
    'status' | 'isArchived' | 'didHavePhoneCall' | 'didSignAgreement' | 'didGiveAdditionalInfo'
  >
>;

/**
 * Saves one change of an application at once (spec 2 §4), showing it before the server answers.
 * Only the changed field is sent with what identifies the application, so two quick clicks on
 * different toggles cannot undo each other. A failure puts the server's copy back and rethrows.
 */
export function useSaveApplication(application: HostApplication) {
  const queryClient = useQueryClient();
  const { state: saveState, run: runSave } = useSaveState();
  const { slug, city, state, type, reason } = application;
  const run = useCallback(
    async (change: Change) => {
      const key = applicationKey(slug);
      queryClient.setQueryData<HostApplication>(key, (a) => a && { ...a, ...change });
      const body: HostApplicationSave = { slug, city, state, type, reason, ...change };
      try {
        const saved = await runSave(() =>
          apiSend(
            'POST',
            '/api/chapter_host_application',
            body,
            !import.meta.env?.PROD && hostApplicationSchema,
          ),
        );
        queryClient.setQueryData(key, saved);
        return saved;
      } catch (err) {
        await queryClient.invalidateQueries({ queryKey: key });
        throw err;
      } finally {
        await queryClient.invalidateQueries({
          queryKey: applicationsKey,
          predicate: (q) => q.queryKey[1] !== 'slug',
        });
        await queryClient.invalidateQueries({ queryKey: ['activity'] });
      }
    },
    [queryClient, runSave, slug, city, state, type, reason],
  );
  return { state: saveState, run };
}
