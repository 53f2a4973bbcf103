// The Brevo stand-in's folders and lists: creating and reading them, a list's contacts (500 a
// page at most), and adding or removing up to 150 addresses at once.
import { error, page, readJson, send, type BrevoRequest } from './http';
import { now, publicContact, type BrevoStore } from './store';
import type { ServerResponse } from 'node:http';

export async function listRoute({ req, res, url, path, method, store }: BrevoRequest) {
  const { lists, folders, contacts } = store;
  let m: RegExpExecArray | null;
  if (method === 'GET' && path === '/contacts/folders') {
    page(res, url, 50, folders, 'folders');
    return true;
  }
  if (method === 'POST' && path === '/contacts/folders') {
    const body = await readJson(req);
    const folder = { id: store.newId(), name: String(body.name ?? '') };
    folders.push(folder);
    send(res, 201, { id: folder.id });
    return true;
  }
  if (method === 'GET' && path === '/contacts/lists') {
    const all = [...lists.values()].map((l) => ({
      ...l,
      totalBlacklisted: 0,
      totalSubscribers: 0,
      uniqueSubscribers: contacts.filter((c) => c.listIds.includes(l.id)).length,
    }));
    if (url.searchParams.get('sort') !== 'asc') all.reverse();
    page(res, url, 50, all, 'lists');
    return true;
  }
  if (method === 'POST' && path === '/contacts/lists') {
    const body = await readJson(req);
    if (typeof body.name !== 'string' || !body.name) {
      error(res, 400, 'missing_parameter', 'name is missing');
    } else if (typeof body.folderId !== 'number') {
      error(res, 400, 'missing_parameter', 'folderId is missing');
    } else {
      const list = { id: store.newId(), name: body.name, folderId: body.folderId };
      lists.set(list.id, list);
      send(res, 201, { id: list.id });
    }
    return true;
  }
  if ((m = /^\/contacts\/lists\/(\d+)$/.exec(path)) && method === 'GET') {
    const list = lists.get(Number(m[1]));
    if (!list) {
      error(res, 404, 'document_not_found', 'List ID does not exist');
      return true;
    }
    const members = contacts.filter((c) => c.listIds.includes(list.id));
    send(res, 200, {
      ...list,
      totalBlacklisted: 0,
      totalSubscribers: 0,
      uniqueSubscribers: members.length,
      createdAt: now(),
      campaignStats: [],
      dynamicList: false,
    });
    return true;
  }
  if ((m = /^\/contacts\/lists\/(\d+)\/contacts$/.exec(path)) && method === 'GET') {
    const id = Number(m[1]);
    if (!lists.has(id)) {
      error(res, 404, 'document_not_found', 'List ID does not exist');
      return true;
    }
    // The list's contacts, those who unsubscribed from it included (their listUnsubscribed
    // names it), newest first unless sort=asc, as the reference's "Get contacts in a list".
    const members = contacts
      .filter((c) => c.listIds.includes(id) || c.listUnsubscribed.includes(id))
      .map(publicContact);
    if (url.searchParams.get('sort') !== 'asc') members.reverse();
    page(res, url, 500, members, 'contacts');
    return true;
  }
  if ((m = /^\/contacts\/lists\/(\d+)\/contacts\/(add|remove)$/.exec(path)) && method === 'POST') {
    membership(store, res, Number(m[1]), await readJson(req), m[2] === 'add');
    return true;
  }
  return false;
}

function membership(
  store: BrevoStore,
  res: ServerResponse,
  listId: number,
  body: Record<string, unknown>,
  add: boolean,
) {
  if (!store.lists.has(listId)) {
    return error(res, 404, 'document_not_found', 'List ID does not exist');
  }
  const emails = Array.isArray(body.emails) ? (body.emails as string[]) : [];
  if (emails.length === 0) return error(res, 400, 'missing_parameter', 'emails is missing');
  if (emails.length > 150) {
    return error(res, 400, 'out_of_range', 'You can pass a maximum of 150 emails');
  }
  const success: string[] = [];
  const failure: string[] = [];
  for (const email of emails) {
    const c = store.find(email);
    if (!c || (add ? c.listIds.includes(listId) : !c.listIds.includes(listId))) {
      failure.push(email);
      continue;
    }
    if (add) {
      c.listIds.push(listId);
      c.listUnsubscribed = c.listUnsubscribed.filter((l) => l !== listId);
    } else {
      c.listIds = c.listIds.filter((l) => l !== listId);
    }
    c.modifiedAt = now();
    success.push(email);
  }
  if (success.length === 0) {
    return error(
      res,
      400,
      'invalid_parameter',
      add
        ? 'Contact already in list and/or does not exist'
        : 'Contact already removed from list and/or does not exist',
    );
  }
  send(res, 201, { contacts: { success, failure } });
}
