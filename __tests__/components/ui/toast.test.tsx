import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { ToastProvider, useToast } from '@/components/ui/toast';

/*
 * A sign-in refused ten times in a row stacked ten red toasts over the login form on a phone, and
 * each lasted longer than its 5 s: every new toast restarted the timers of those already shown.
 */

type Show = ReturnType<typeof useToast>['show'];
let show: Show;
/** Hands the provider's show() to the test once mounted. */
function Grab({ onReady }: { onReady: (s: Show) => void }) {
  const toast = useToast();
  useEffect(() => onReady(toast.show), [toast, onReady]);
  return null;
}
const grab = (s: Show) => {
  show = s;
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const toasts = () => screen.queryAllByRole('alert').concat(screen.queryAllByRole('status'));

describe('toasts', () => {
  it('shows the same words once: a repeat replaces the one on screen and starts its time over', () => {
    render(<ToastProvider><Grab onReady={grab} /></ToastProvider>);
    for (let i = 0; i < 10; i++) {
      act(() => show('error', 'The email or password is incorrect.'));
      act(() => jest.advanceTimersByTime(1_000));
    }
    expect(toasts()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(3_900));
    expect(toasts()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(200));
    expect(toasts()).toHaveLength(0);
  });

  it('keeps at most three, the oldest giving way', () => {
    render(<ToastProvider><Grab onReady={grab} /></ToastProvider>);
    for (const n of [1, 2, 3, 4, 5]) act(() => show('info', `Message ${n}`));
    expect(toasts().map((t) => t.textContent)).toEqual(['Message 3×', 'Message 4×', 'Message 5×']);
  });

  it('closes each toast 5 s after it appeared, however many came after it', () => {
    render(<ToastProvider><Grab onReady={grab} /></ToastProvider>);
    act(() => show('success', 'Saved'));
    act(() => jest.advanceTimersByTime(3_000));
    act(() => show('info', 'Another'));
    act(() => jest.advanceTimersByTime(2_100));
    expect(toasts().map((t) => t.textContent)).toEqual(['Another×']);
  });

  it('lets the latest outcome stand: a failure replaces an earlier success still on screen, and the other way round', () => {
    render(<ToastProvider><Grab onReady={grab} /></ToastProvider>);
    act(() => show('success', 'Settings saved'));
    act(() => show('info', 'Syncing'));
    act(() => show('error', 'Enter a valid phone number.'));
    const shown = () => [...document.querySelectorAll('[data-toast]')].map((t) => t.textContent);
    expect(shown()).toEqual(['Syncing×', 'Enter a valid phone number.×']);
    act(() => show('success', 'Settings saved'));
    expect(shown()).toEqual(['Syncing×', 'Settings saved×']);
    act(() => show('warning', 'Your session expires soon.'));
    expect(toasts()).toHaveLength(3);
  });
});
