import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import MemberActions from './MemberActions';

// The three actions stand in for themselves: what is tested is the order they arrive in.
vi.mock('../../features/messages', () => ({
  MessagesLink: () => <a href="/messages">Messages</a>,
}));
vi.mock('../../features/notifications', () => ({
  NotificationBell: () => <button type="button">Notifications</button>,
}));
vi.mock('./ProfileMenu', () => ({
  ProfileMenu: () => <button type="button">Menu du profil</button>,
}));

const placeholders = (container: HTMLElement) =>
  container.querySelectorAll('span.icon-btn[aria-hidden="true"]');

describe('MemberActions', () => {
  it('mounts one action per task, each later one keeping its place until it comes', async () => {
    const { container } = render(<MemberActions user={{ id: 7, username: 'Louis2' }} />);
    expect(screen.getByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notifications' })).toBeNull();
    expect(placeholders(container)).toHaveLength(2);

    await screen.findByRole('button', { name: 'Notifications' });
    expect(await screen.findByRole('button', { name: 'Menu du profil' })).toBeInTheDocument();
    expect(placeholders(container)).toHaveLength(0);
    // In their order in the navbar.
    expect([...container.children].map((el) => el.textContent)).toEqual([
      'Messages',
      'Notifications',
      'Menu du profil',
    ]);
  });
});
