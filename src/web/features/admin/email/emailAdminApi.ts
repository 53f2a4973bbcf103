// The /admin/email screen's calls (spec 2 §7) and how their failures read (spec 2 §8).
import { apiGet, apiSend, ApiError } from '../../../api';
import {
  aliasDomainsSchema,
  aliasTestAnswerSchema,
  aliasesAnswerSchema,
  brevoContactSchema,
  brevoListsSchema,
  brevoMoveStateSchema,
  chapterListIdSchema,
  chapterSummaryListSchema,
  chaptersByListIdsAnswerSchema,
  emailAliasSchema,
  resultSchema,
} from '../../../answerSchemas';
import { providerErrorText } from '../../../../common/emailAdminText';
import type { AliasSave } from '../../../../common/schemas/emailAdmin';

/** A failed call in the spec's words: the server's message, else by status. */
export function failureText(err: unknown): string {
  if (err instanceof ApiError) {
    const fields = err.fields?.map((f) => f.message).join(' ');
    return providerErrorText(err.status, err.status === 0 ? undefined : fields || err.message);
  }
  return providerErrorText(0);
}

const aliases = '/api/admin/mailgun/aliases';
const contact = (email: string) => `/api/admin/brevo/contact/${encodeURIComponent(email)}`;

const brevoMove = '/api/admin/email/brevo_move';

export const emailAdminApi = {
  brevoMove: () => apiGet(brevoMove, !import.meta.env?.PROD && brevoMoveStateSchema),
  startBrevoMove: () =>
    apiSend('POST', brevoMove, {}, !import.meta.env?.PROD && brevoMoveStateSchema),
  aliases: (search?: string) =>
    apiGet(
      search ? `${aliases}?search=${encodeURIComponent(search)}` : aliases,
      !import.meta.env?.PROD && aliasesAnswerSchema,
    ).then((a) => a.aliases),
  domains: () =>
    apiGet('/api/admin/mailgun/domains', !import.meta.env?.PROD && aliasDomainsSchema).then(
      (d) => d.domains,
    ),
  createAlias: (alias: AliasSave) =>
    apiSend('POST', aliases, alias, !import.meta.env?.PROD && emailAliasSchema),
  updateAlias: (id: number, alias: AliasSave) =>
    apiSend('PUT', `${aliases}/${id}`, alias, !import.meta.env?.PROD && emailAliasSchema),
  deleteAlias: (id: number) =>
    apiSend('DELETE', `${aliases}/${id}`, undefined, !import.meta.env?.PROD && resultSchema),
  testAlias: (id: number) =>
    apiSend('POST', `${aliases}/test`, { id }, !import.meta.env?.PROD && aliasTestAnswerSchema),

  contact: (email: string) => apiGet(contact(email), !import.meta.env?.PROD && brevoContactSchema),
  block: (email: string) =>
    apiSend('POST', `${contact(email)}/block`, undefined, !import.meta.env?.PROD && resultSchema),
  unblock: (email: string) =>
    apiSend('POST', `${contact(email)}/unblock`, undefined, !import.meta.env?.PROD && resultSchema),
  addToList: (email: string, listId: number) =>
    apiSend(
      'POST',
      `${contact(email)}/lists/${listId}`,
      undefined,
      !import.meta.env?.PROD && resultSchema,
    ),
  removeFromList: (email: string, listId: number) =>
    apiSend(
      'DELETE',
      `${contact(email)}/lists/${listId}`,
      undefined,
      !import.meta.env?.PROD && resultSchema,
    ),
  lists: () =>
    apiGet('/api/admin/brevo/lists', !import.meta.env?.PROD && brevoListsSchema).then(
      (l) => l.lists,
    ),
  chaptersOfLists: (listIds: number[]) =>
    apiSend(
      'POST',
      '/api/admin/brevo/chapters/by-list-ids',
      { listIds },
      !import.meta.env?.PROD && chaptersByListIdsAnswerSchema,
    ),
  searchChapters: (q: string) =>
    apiGet(
      `/api/chapters/search?q=${encodeURIComponent(q)}`,
      !import.meta.env?.PROD && chapterSummaryListSchema,
    ),
  chapterListId: (chapterId: number) =>
    apiGet(
      `/api/mailing_list/chapter_list_id/${chapterId}`,
      !import.meta.env?.PROD && chapterListIdSchema,
    ).then((a) => a.listId),
};
