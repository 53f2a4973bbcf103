// The site's menu at a phone's width, folded behind its Menu button (react-bootstrap's Navbar
// collapse; at a desktop's width it is always open and these do nothing but wait for the app).
//
// A test clicks inside the menu only once it has finished opening, and goes on with the page
// only once it has finished closing. While it opens, the menu clips its links: Playwright scrolls
// the clipped box to reach one, the box grows, the browser scrolls it back, and the link leaves
// the pointer between mouse down and mouse up. The click then lands on the menu itself and
// nothing happens (CI, 2026-11-29: Sign In clicked, the page still on /about). While it closes,
// the page below moves up under the pointer the same way.
import type { Locator, Page } from '@playwright/test';
import { appDrawn, expect } from './harness';

/** Bootstrap's classes: `collapsing` while it moves, `show` once open. */
const OPEN = /(^|\s)show(\s|$)/;
const CLOSED = /^(?!.*(^|\s)(show|collapsing)(\s|$))/;
const STILL = /^(?!.*(^|\s)collapsing(\s|$))/;

const menuOf = (page: Page) => page.locator('#main-menu');
const toggleOf = (page: Page) => page.getByRole('button', { name: 'Menu' });

/** Opens the phone's menu, if closed, and waits until it stands open. */
export async function openPhoneMenu(page: Page): Promise<void> {
  // A click on the server frame's Menu button, before the app has taken it over, is lost.
  await appDrawn(page);
  const toggle = toggleOf(page);
  if (!(await toggle.isVisible())) return;
  // The button does not say whether the menu is open (no aria-expanded): the menu's class does.
  const menu = menuOf(page);
  await expect(menu).toHaveClass(STILL);
  if (!OPEN.test((await menu.getAttribute('class')) ?? '')) await toggle.click();
  await expect(menu).toHaveClass(OPEN);
}

/** Closes the phone's menu, open, by its button and waits until it has folded away. */
export async function closePhoneMenu(page: Page): Promise<void> {
  await expect(menuOf(page)).toHaveClass(OPEN);
  await toggleOf(page).click();
  await expect(menuOf(page)).toHaveClass(CLOSED);
}

/**
 * Follows one of the menu's links, as someone would on a phone (or a desktop): the menu opens,
 * the link is chosen, and the menu folds itself away behind the choice (`collapseOnSelect`).
 */
export async function followMenuLink(page: Page, link: Locator): Promise<void> {
  await openPhoneMenu(page);
  await link.click();
  await expect(menuOf(page)).toHaveClass(CLOSED);
}
