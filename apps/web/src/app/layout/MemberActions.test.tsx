import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import MemberActions from './MemberActions';

// The three actions stand in for themselves: what is tested is their order in the navbar.
vi.mock('../../features/messages', () => ({
  MessagesLink: () => <a href="/messages">Messages</a>,
}));
vi.mock('../../features/notifications', () => ({
  NotificationBell: () => <button type="button">Notifications</button>,
}));
vi.mock('./ProfileMenu', () => ({
  ProfileMenu: () => <button type="button">Menu du profil</button>,
}));

describe('MemberActions', () => {
  it('shows the member’s three actions in their order in the navbar', () => {
    const { container } = render(<MemberActions user={{ id: 7, username: 'Louis2' }} />);
    expect(screen.getByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect([...container.children].map((el) => el.textContent)).toEqual([
      'Messages',
      'Notifications',
      'Menu du profil',
    ]);
  });
});
