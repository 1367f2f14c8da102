import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';
import { AVATAR_COLOURS, avatarColour, avatarInitials } from './avatarFallback';

/** WCAG 2 contrast ratio between two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const DEMO = [
  'demo_theo_asm',
  'demo_elodie',
  'demo_marion',
  'demo_thomas83',
  'demo_nathan',
  'demo_lucas98',
  'demo_julie',
  'demo_julien',
  'demo_remi',
  'demo_camille',
];

describe('default avatar', () => {
  it.each([
    ['demo_theo', 'DT'],
    ['demo_thomas83', 'DT'],
    ['demo_theo_asm', 'DA'],
    ['supporter_demo', 'SD'],
    ['Louis2', 'L'],
    ['JeanPierre', 'JP'],
    ['élodie.martin', 'ÉM'],
    ['42_zoe', 'Z'],
    ['Un ancien membre', 'UM'],
    ['1234', '1'],
    ['', '?'],
  ])('%s shows %s', (pseudo, initials) => {
    expect(avatarInitials(pseudo)).toBe(initials);
  });

  it('draws the same colour for the same pseudo, whatever its case', () => {
    expect(avatarColour('demo_theo')).toBe(avatarColour('demo_theo'));
    expect(avatarColour('Demo_Theo')).toBe(avatarColour('demo_theo'));
    expect(AVATAR_COLOURS).toContain(avatarColour('demo_theo'));
  });

  it('spreads the demo members over several colours', () => {
    expect(new Set(DEMO.map(avatarColour)).size).toBeGreaterThanOrEqual(5);
  });

  it.each(AVATAR_COLOURS)('%s keeps white initials readable (contrast ≥ 4.5:1)', (colour) => {
    expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('renders the initials on the colour when there is no picture', () => {
    const { container } = render(<Avatar username="demo_elodie" />);
    const avatar = container.firstElementChild as HTMLElement;
    expect(avatar).toHaveTextContent(/^DE$/);
    expect(avatar).toHaveAttribute('aria-hidden', 'true');
    expect(avatar.style.backgroundColor).not.toBe('');
    const hex = avatarColour('demo_elodie');
    const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ');
    expect(avatar.style.backgroundColor).toBe(`rgb(${rgb})`);
  });

  it('shows the picture when there is one', () => {
    const { getByRole } = render(<Avatar username="demo_elodie" picture="elodie.webp" />);
    expect(getByRole('img', { name: 'Avatar de demo_elodie' })).toHaveAttribute(
      'src',
      '/uploads/avatar/elodie.webp',
    );
  });
});
