// Issue 35: a long address wraps at the @ or a dot, not mid-word.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './EmailAddress';

describe('EmailAddress', () => {
  it('offers a break after the @ and after each dot, and nowhere else', () => {
    const { container } = render(<EmailAddress address="upper-west-side@drinkingliberally.org" />);
    const span = container.querySelector('.address-text')!;
    expect(span.textContent).toBe('upper-west-side@drinkingliberally.org');
    expect(span.innerHTML).toBe('upper-west-side@<wbr>drinkingliberally.<wbr>org');
  });
});
