// The Brevo stand-in's contacts: creating one (a taken address is 400 duplicate_parameter),
// reading and blocklisting one by id or address, and the campaigns it was sent and opened.
import { error, readJson, send, type BrevoRequest } from './http';
import { now, publicContact } from './store';

export async function contactRoute({ req, res, path, method, store }: BrevoRequest) {
  let m: RegExpExecArray | null;
  if (method === 'POST' && path === '/contacts') {
    const body = await readJson(req);
    const email = String(body.email ?? '').toLowerCase();
    const listIds = Array.isArray(body.listIds) ? (body.listIds as number[]) : [];
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      error(res, 400, 'invalid_parameter', 'Invalid email address');
    } else if (store.find(email)) {
      error(
        res,
        400,
        'duplicate_parameter',
        'Unable to create contact, email is already associated with another Contact',
      );
    } else if (listIds.some((l) => !store.lists.has(l))) {
      error(res, 404, 'document_not_found', 'List ID does not exist');
    } else {
      const contact = store.addContact(email, [...listIds], body.emailBlacklisted === true);
      send(res, 201, { id: contact.id });
    }
    return true;
  }
  if ((m = /^\/contacts\/([^/]+)\/campaignStats$/.exec(path)) && method === 'GET') {
    const c = store.find(decodeURIComponent(m[1]!));
    if (!c) error(res, 404, 'document_not_found', 'Contact does not exist');
    else {
      send(res, 200, {
        ...(c.sent.length ? { messagesSent: c.sent, delivered: c.sent } : {}),
        ...(c.opened.length ? { opened: c.opened } : {}),
      });
    }
    return true;
  }
  if ((m = /^\/contacts\/([^/]+)$/.exec(path)) && (method === 'GET' || method === 'PUT')) {
    const c = store.find(decodeURIComponent(m[1]!));
    if (!c) error(res, 404, 'document_not_found', 'Contact does not exist');
    else if (method === 'GET') send(res, 200, publicContact(c));
    else {
      const body = await readJson(req);
      if (typeof body.emailBlacklisted === 'boolean') c.emailBlacklisted = body.emailBlacklisted;
      c.modifiedAt = now();
      send(res, 204);
    }
    return true;
  }
  return false;
}
