import { useQuery } from '@tanstack/react-query';
import { HOST_APPLICATION_STATUS_LABEL } from '../../../../common/constants';
import { hostApplicationListSchema, hostApplicationSchema } from '../../../answerSchemas';
import type { HostApplication } from '../../../../common/schemas/applications';
import { ApiError, apiGet } from '../../../api';

export const APPLICATIONS_PATH = '/admin/chapter_host_applications';
export const applicationsKey = ['admin-applications'] as const;
export const applicationKey = (slug: string) => ['admin-applications', 'slug', slug] as const;
export const userApplicationsKey = (userId: number) =>
  ['admin-applications', 'user', userId] as const;

export const statusLabel = (a: Pick<HostApplication, 'status'>) =>
  HOST_APPLICATION_STATUS_LABEL[a.status];

/**
 * Bootstrap colours of each status (cosmetic, spec 2 §9), dark text on the light ones only: the
 * theme's info is a dark blue (Drinking's), which takes white text.
 */
export const STATUS_BADGE: Record<HostApplication['status'], { bg: string; text?: 'dark' }> = {
  open: { bg: 'warning', text: 'dark' },
  approved: { bg: 'success' },
  approved_without_creation: { bg: 'info' },
  denied: { bg: 'secondary' },
};

export function useApplications() {
  return useQuery({
    queryKey: applicationsKey,
    queryFn: () =>
      apiGet('/api/chapter_host_application', !import.meta.env?.PROD && hostApplicationListSchema),
  });
}

export function useApplication(slug: string) {
  return useQuery({
    queryKey: applicationKey(slug),
    queryFn: () =>
      apiGet(
        `/api/chapter_host_application/slug/${encodeURIComponent(slug)}`,
        !import.meta.env?.PROD && hostApplicationSchema,
      ),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });
}

export function useUserApplications(userId: number) {
  return useQuery({
    queryKey: userApplicationsKey(userId),
    queryFn: () =>
      apiGet(
        `/api/chapter_host_application/user/${userId}`,
        !import.meta.env?.PROD && hostApplicationListSchema,
      ),
  });
}
