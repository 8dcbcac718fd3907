'use client';

import { clsx } from 'clsx';
import Link from 'next/link';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export type ActionMenuItem = { label: string; href?: string; onSelect?: () => void; danger?: boolean };

/**
 * A "more actions" menu (WAI-ARIA menu button): Enter, Space or ArrowDown opens it on the first
 * item, ArrowUp on the last; the arrows, Home and End move, Escape closes it and gives the focus
 * back, a click elsewhere closes it. Tab closes it and moves on from the button: the menu sits at
 * the end of the page (a portal), so a Tab left to the browser from an item went round to "Skip to
 * content". Placed in a portal with fixed position so a scrolling list does not clip it, below the
 * button or above it near the window's end. Written here instead
 * of a menu library because every row of the posted-jobs list has one (issue 16: first-load JS).
 */
export function ActionMenu({ label, groups, children, triggerClassName }: { label: string; groups: ActionMenuItem[][]; children: React.ReactNode; triggerClassName?: string }) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const show = (focus: 'first' | 'last') => {
    const r = trigger.current!.getBoundingClientRect();
    setPlace({ top: r.bottom + 4, right: window.innerWidth - r.right });
    setOpen(focus);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  // Opened: flip above the button when the menu would leave the window, then focus an item.
  useLayoutEffect(() => {
    if (!open || !menu.current || !trigger.current) return;
    const height = menu.current.getBoundingClientRect().height;
    const r = trigger.current.getBoundingClientRect();
    if (r.bottom + 4 + height > window.innerHeight && r.top - 4 - height >= 0) setPlace({ top: r.top - 4 - height, right: window.innerWidth - r.right });
    const list = items();
    (open === 'last' ? list[list.length - 1] : list[0])?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !trigger.current?.contains(target)) close(false);
    };
    const away = () => close(false);
    document.addEventListener('pointerdown', outside);
    window.addEventListener('resize', away);
    window.addEventListener('scroll', away, true);
    return () => {
      document.removeEventListener('pointerdown', outside);
      window.removeEventListener('resize', away);
      window.removeEventListener('scroll', away, true);
    };
  }, [open]);

  const onTriggerKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const onMenuKey = (e: React.KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape') close(true);
    // The focus goes back to the button first; the browser's own Tab (not prevented) then moves on
    // from there, to the control after the button (Shift+Tab: before it).
    else if (e.key === 'Tab') return close(true);
    else if (e.key === ' ' && document.activeElement instanceof HTMLAnchorElement) document.activeElement.click();
    else return;
    e.preventDefault();
  };

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={!!open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : show('first'))}
        onKeyDown={onTriggerKey}
        className={triggerClassName}
      >
        {children}
      </button>
      {open &&
        place &&
        createPortal(
          <div
            ref={menu}
            id={menuId}
            role="menu"
            aria-label={label}
            onKeyDown={onMenuKey}
            style={{ position: 'fixed', top: place.top, right: place.right }}
            className="z-40 min-w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-xl"
          >
            {groups.map((group, gi) => (
              <div key={gi} role="group">
                {gi > 0 && <div role="separator" className="my-1 h-px bg-slate-100" />}
                {group.map((item) =>
                  item.href ? (
                    <Link key={item.label} href={item.href} role="menuitem" tabIndex={-1} onClick={() => close(false)} className={itemClass(item.danger)}>
                      {item.label}
                    </Link>
                  ) : (
                    <button
                      key={item.label}
                      type="button"
                      role="menuitem"
                      tabIndex={-1}
                      onClick={() => {
                        close(true);
                        item.onSelect?.();
                      }}
                      className={itemClass(item.danger)}
                    >
                      {item.label}
                    </button>
                  ),
                )}
              </div>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}

const itemClass = (danger?: boolean) =>
  clsx(
    // The buttons' 2 px focus ring (app/globals.css :focus-visible), drawn inside the item so the
    // neighbours do not cover it; a grey background alone was too faint to see from the keyboard.
    'flex w-full cursor-pointer select-none items-center rounded-lg px-3 py-2 text-left text-sm transition hover:bg-slate-100 focus:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
    danger ? 'text-red-600 hover:bg-red-50 focus:bg-red-50' : 'text-slate-700',
  );
