// The top menu on a phone: its Menu button tells a screen reader whether the menu is open
// (react-bootstrap's toggle says nothing of its own), and choosing a link folds the menu away.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../test/fakeServer';
import { renderScreen } from '../test/renderScreen';
import { SiteNavbar } from './SiteNavbar';

describe('the top menu', () => {
  it('says whether it is open, and closes behind the link chosen', async () => {
    fakeServer({ 'GET /api/auth/user': { user: null, error: null } });
    const { user, router } = renderScreen(<SiteNavbar />, { path: '/about' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    // The page it is on (the screen's route: other paths leave this test's screen).
    await user.click(screen.getByRole('link', { name: 'About' }));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    expect(router.state.location.pathname).toBe('/about');
  });
});
