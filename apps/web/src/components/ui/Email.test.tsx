import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Email } from './Email';

describe('Email', () => {
  it('offers a line break after the @ and before each dot, and nowhere else', () => {
    const { container } = render(<Email address="utilisateur@demo.munegu.local" />);
    expect(container.textContent).toBe('utilisateur@demo.munegu.local');
    expect(container.innerHTML).toBe('utilisateur@<wbr>demo<wbr>.munegu<wbr>.local');
  });

  it('keeps an address without a domain, and markup typed in one, as text', () => {
    const { container } = render(<Email address="<b>x</b>" />);
    expect(container.textContent).toBe('<b>x</b>');
    expect(container.querySelector('b')).toBeNull();
  });
});
