// Site admin: email administration (spec 2 §2 /admin/email). On the Contacts tab an admin
// finds a contact, blocks and unblocks them and adds them to a chapter's list; on the Mailgun
// aliases tab they create an alias with two recipients, test it, edit it and delete it.
import { expect, expectAccessible, test } from './harness';
import { openAdmin, useAdminSession } from './admin-session';

useAdminSession('admin-email');

test('an admin manages a contact: blocks, unblocks and adds them to a chapter list', async ({
  page,
  consoleErrors,
}) => {
  // The search for an unknown address is answered 404 'Contact not found', as it should be.
  consoleErrors.allow(/404 \(Not Found\) \(.*\/api\/admin\/brevo\/contact\/nobody/);
  const email = `reader-${Date.now()}@example.org`;
  await openAdmin(page, '/admin/email', 'Email Administration');
  // Someone signs up to Pittsburgh's list (the public chapter sign-up).
  const signedUp = await page.evaluate(async (address) => {
    const found = (await (await fetch('/api/chapters/search?q=Pittsburgh')).json()) as {
      id: number;
    }[];
    const res = await fetch('/api/mailing_list/sign_up_chapter', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: address, chapterId: found[0]!.id }),
    });
    return res.json();
  }, email);
  // A built-in list: the new member confirms by email (issue 23); the admin sees them either way.
  expect(signedUp).toEqual({
    results: [{ isError: false, errorString: '', confirmByEmail: true }],
  });

  await page.getByRole('tab', { name: 'Contacts', exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Please enter an email address')).toBeVisible();
  await page.getByLabel('Contact email').fill('nobody-at-all@example.org');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Contact not found')).toBeVisible();

  await page.getByLabel('Contact email').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('heading', { name: email });
  await expect(card).toBeVisible();
  await expect(card.getByText('active')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Pittsburgh' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('Contact has been blocked successfully')).toBeVisible();
  await expect(card.getByText('blocked')).toBeVisible();
  await page.getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByText('Contact has been unblocked successfully')).toBeVisible();
  await expect(card.getByText('active')).toBeVisible();

  // Add them to Brooklyn's list through the chapter search dropdown.
  await page.getByLabel('Add to a chapter list').fill('Brook');
  await page.getByRole('option', { name: /Brooklyn/ }).click();
  await expect(page.getByText('Contact added to Brooklyn mailing list')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Brooklyn' })).toBeVisible();

  // And take them off Pittsburgh's.
  await page.getByRole('button', { name: 'Remove from list Pittsburgh' }).click();
  await expect(page.getByText('Contact removed from list successfully')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Pittsburgh' })).toHaveCount(0);
});

test('an admin creates an alias with two recipients, tests, edits and deletes it', async ({
  page,
  outbox,
}) => {
  const local = `desk${Date.now()}`;
  const address = `${local}@livingliberally.org`;
  await openAdmin(page, '/admin/email', 'Email Administration');
  await expect(page.getByRole('tab', { name: 'Aliases', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(/wait a minute/)).toBeVisible();

  await page.getByLabel('Search aliases').fill('d');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Please enter at least 2 characters to search')).toBeVisible();
  // Whether the list is empty then depends on whether the chapters' own aliases were built yet
  // (a moment after start-up): the refusal is what this step checks.

  await page.getByRole('button', { name: 'Add Alias' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Alias' });
  await modal.getByLabel('Local part').fill(local);
  await modal.getByLabel('Domain').selectOption('livingliberally.org');
  await modal.getByLabel('Recipient 1', { exact: true }).fill('first@example.org');
  await modal.getByRole('button', { name: 'Add Recipient' }).click();
  await modal.getByLabel('Recipient 2', { exact: true }).fill('second@example.org');
  await modal.getByRole('button', { name: 'Add Recipient' }).click();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: address });
  await expect(row).toContainText('first@example.org, second@example.org');

  await row.getByRole('button', { name: `Test ${address}` }).click();
  await expect(page.getByText(`A test message was sent to ${address}`)).toBeVisible();
  expect((await outbox.latestTo(address)).subject).toBe(`Test of the alias ${address}`);

  await row.getByRole('button', { name: `Edit ${address}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Alias' });
  await expect(edit.getByLabel('Local part')).toBeDisabled();
  await edit.getByLabel('Recipient 2', { exact: true }).fill('third@example.org');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('first@example.org, third@example.org');

  await page.getByLabel('Search aliases').fill(local);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: `Delete ${address}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Alias' });
  await expect(confirm).toContainText(address);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No aliases found')).toBeVisible();
});
