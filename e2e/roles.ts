// Test set-up through the API: give a user a chapter role as the demo admin would on the
// Chapter Hosts screen, without driving that screen in every test that needs a host.
import type { Browser } from '@playwright/test';

export const ROLE_ID = { fieldOrganizer: 2, chapterHost: 3 } as const;

export async function grantRole(
  browser: Browser,
  baseURL: string,
  admin: { email: string; password: string },
  userEmail: string,
  chapterSlug: string,
  roleId: number,
): Promise<void> {
  const context = await browser.newContext({ baseURL });
  try {
    const api = context.request;
    const signin = await api.post('/api/auth/signin', {
      data: { username: admin.email, password: admin.password },
    });
    if (!signin.ok()) throw new Error(`admin sign-in failed: ${signin.status()}`);
    const chapter = (await (await api.get(`/api/chapter/slug/${chapterSlug}`)).json()) as {
      id: number;
    };
    const users = (await (
      await api.post('/api/user/search', { data: { search: userEmail } })
    ).json()) as { id: number; email: string }[];
    const user = users.find((u) => u.email.toLowerCase() === userEmail.toLowerCase());
    if (!user) throw new Error(`no user ${userEmail}`);
    const grant = await api.post(`/api/permission/${chapter.id}`, {
      data: { userId: user.id, roleId },
    });
    if (!grant.ok()) throw new Error(`grant failed: ${grant.status()} ${await grant.text()}`);
  } finally {
    await context.close();
  }
}

/** Takes back every chapter role `userEmail` holds in the chapter, as the admin would. */
export async function revokeRoles(
  browser: Browser,
  baseURL: string,
  admin: { email: string; password: string },
  userEmail: string,
  chapterSlug: string,
): Promise<void> {
  const context = await browser.newContext({ baseURL });
  try {
    const api = context.request;
    const signin = await api.post('/api/auth/signin', {
      data: { username: admin.email, password: admin.password },
    });
    if (!signin.ok()) throw new Error(`admin sign-in failed: ${signin.status()}`);
    const chapter = (await (await api.get(`/api/chapter/slug/${chapterSlug}`)).json()) as {
      id: number;
    };
    const held = (await (await api.get(`/api/permission/${chapter.id}`)).json()) as {
      id: number;
      user: { email: string | null };
    }[];
    for (const p of held.filter((p) => p.user.email?.toLowerCase() === userEmail.toLowerCase())) {
      const revoke = await api.post('/api/permission/delete', { data: { id: p.id } });
      if (!revoke.ok()) throw new Error(`revoke failed: ${revoke.status()} ${await revoke.text()}`);
    }
  } finally {
    await context.close();
  }
}
