import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AllowedOriginsField, allowedOriginsTexts } from './AllowedOriginsField';

function setup(props: Partial<Parameters<typeof AllowedOriginsField>[0]> = {}) {
  const onSave = vi.fn();
  render(<AllowedOriginsField origins={[]} onSave={onSave} {...props} />);
  const field = screen.getByRole('textbox', { name: allowedOriginsTexts.label });
  const save = screen.getByRole('button', { name: allowedOriginsTexts.save });
  return { onSave, field, save };
}

describe('AllowedOriginsField', () => {
  it('given no origins › says any site may embed and nothing to save', () => {
    const { save } = setup();
    expect(screen.getByText(allowedOriginsTexts.anySite)).toBeInTheDocument();
    expect(save).toBeDisabled();
  });

  it('given typed origins › saves them normalised', async () => {
    const user = userEvent.setup();
    const { field, save, onSave } = setup();
    await user.type(field, 'HTTPS://Shop.Example/{Enter}http://localhost:3000');
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith(['https://shop.example', 'http://localhost:3000']);
  });

  it('given an entry with a path › names the field and the entry, and cannot save', async () => {
    const user = userEvent.setup();
    const { field, save, onSave } = setup({ origins: ['https://a.example'] });
    await user.clear(field);
    await user.type(field, 'https://a.example/shop');
    expect(field).toHaveAccessibleDescription(/Allowed Origins: "https:\/\/a.example\/shop"/);
    expect(save).toBeDisabled();
    await user.type(field, '{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    // Nothing typed is lost.
    expect(field).toHaveValue('https://a.example/shop\n');
  });

  it('given a server refusal › shows it and keeps the text', () => {
    setup({ origins: ['https://a.example'], error: 'HTTP 400: Bad Request' });
    expect(screen.getByRole('textbox', { name: allowedOriginsTexts.label })).toHaveValue(
      'https://a.example',
    );
    expect(screen.getByText('HTTP 400: Bad Request')).toBeInTheDocument();
  });

  it('given a save that fails › what was typed stays; a save that lands shows the stored value', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const { rerender } = render(
      <AllowedOriginsField origins={['https://a.example']} onSave={onSave} />,
    );
    const field = screen.getByRole('textbox', { name: allowedOriginsTexts.label });
    await user.type(field, '{Enter}https://b.example');
    await user.click(screen.getByRole('button', { name: allowedOriginsTexts.save }));
    expect(onSave).toHaveBeenCalledWith(['https://a.example', 'https://b.example']);
    rerender(
      <AllowedOriginsField
        origins={['https://a.example']}
        onSave={onSave}
        error="HTTP 400: Bad Request"
      />,
    );
    expect(field).toHaveValue('https://a.example\nhttps://b.example');
    rerender(
      <AllowedOriginsField origins={['https://a.example', 'https://c.example']} onSave={onSave} />,
    );
    expect(field).toHaveValue('https://a.example\nhttps://c.example');
  });

  it('given saving › the button shows Saving... and the field is locked', () => {
    render(<AllowedOriginsField origins={['https://a.example']} onSave={vi.fn()} saving />);
    expect(screen.getByRole('textbox', { name: allowedOriginsTexts.label })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Saving/ })).toBeInTheDocument();
  });

  it('given a save that landed › confirms it', () => {
    setup({ origins: ['https://a.example'], saved: true });
    expect(screen.getByRole('status')).toHaveTextContent(allowedOriginsTexts.saved);
  });
});
