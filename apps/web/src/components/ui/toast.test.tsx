import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from './Toaster';
import { toast, toastsRaised } from './toast';

describe('the app’s toasts (components/ui/toast)', () => {
  it('tell the app to mount its Toaster on the first toast, which then shows it', async () => {
    let told = 0;
    const unsubscribe = toastsRaised.subscribe(() => told++);
    expect(toastsRaised.snapshot()).toBe(false);
    toast.success('Mini-ligue créée.');
    expect(toastsRaised.snapshot()).toBe(true);
    expect(told).toBe(1);
    toast.error('Code inconnu.');
    expect(told).toBe(1);
    unsubscribe();
    // Mounted after the toasts were raised (as the app does, once sonner's code is there).
    render(<Toaster />);
    expect(await screen.findByText('Mini-ligue créée.')).toBeTruthy();
    expect(await screen.findByText('Code inconnu.')).toBeTruthy();
  });
});
