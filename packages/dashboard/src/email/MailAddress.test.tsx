import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MailAddress } from './MailAddress';

describe('MailAddress', () => {
  it('offers a line break after the @ and before each dot, and reads as the address', () => {
    const { container } = render(
      <p>
        <MailAddress value="support-team@acme-enterprises.example.test" />
      </p>,
    );
    const p = container.querySelector('p')!;
    expect(p.textContent).toBe('support-team@acme-enterprises.example.test');
    expect(p.innerHTML).toBe('support-team@<wbr>acme-enterprises<wbr>.example<wbr>.test');
  });
  it('leaves a plain word alone', () => {
    const { container } = render(<MailAddress value="postmaster" />);
    expect(container.innerHTML).toBe('postmaster');
  });
});
