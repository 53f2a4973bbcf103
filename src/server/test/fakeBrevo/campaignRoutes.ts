// The Brevo stand-in's email campaigns: creating one (name, subject, htmlContent and sender
// required), reading it, and sendNow, which records a send to every contact of its lists not
// blocklisted, once.
import { error, readJson, send, type BrevoRequest } from './http';
import { now, type Campaign } from './store';

export async function campaignRoute({ req, res, path, method, store }: BrevoRequest) {
  let m: RegExpExecArray | null;
  if (method === 'POST' && path === '/emailCampaigns') {
    const body = await readJson(req);
    const sender = body.sender as { email?: string } | undefined;
    const missing = (['name', 'subject', 'htmlContent'] as const).find(
      (field) => typeof body[field] !== 'string' || !body[field],
    );
    if (missing) error(res, 400, 'missing_parameter', `${missing} is missing`);
    else if (!sender?.email) error(res, 400, 'missing_parameter', 'sender is missing');
    else {
      const listIds = (body.recipients as { listIds?: number[] } | undefined)?.listIds ?? [];
      const campaign: Campaign = {
        id: store.newId(),
        name: String(body.name),
        subject: String(body.subject),
        listIds,
        status: 'draft',
      };
      store.campaigns.set(campaign.id, campaign);
      send(res, 201, { id: campaign.id });
    }
    return true;
  }
  if ((m = /^\/emailCampaigns\/(\d+)$/.exec(path)) && method === 'GET') {
    const campaign = store.campaigns.get(Number(m[1]));
    if (!campaign) error(res, 404, 'document_not_found', 'Campaign ID does not exist');
    else send(res, 200, { ...campaign, type: 'classic' });
    return true;
  }
  if ((m = /^\/emailCampaigns\/(\d+)\/sendNow$/.exec(path)) && method === 'POST') {
    const campaign = store.campaigns.get(Number(m[1]));
    if (!campaign) error(res, 404, 'document_not_found', 'Campaign ID does not exist');
    else if (campaign.status === 'sent') {
      error(res, 400, 'invalid_parameter', 'Campaign has already been sent');
    } else {
      campaign.status = 'sent';
      for (const c of store.contacts) {
        if (!c.emailBlacklisted && c.listIds.some((l) => campaign.listIds.includes(l))) {
          c.sent.push({ campaignId: campaign.id, eventTime: now() });
        }
      }
      send(res, 204);
    }
    return true;
  }
  return false;
}
