/**
 * After a refused save: the first problem in the form (a field marked invalid, or a message with
 * role="alert"), in document order, is brought into view, and a field also gets the focus. On a
 * phone the messages otherwise appeared above the fold while the page stayed where the button was,
 * and the save looked like it did nothing.
 */
export function revealFirstProblem(root: ParentNode | null | undefined) {
  const first = root?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
  if (!first) return false;
  // jsdom has no scrollIntoView.
  first.scrollIntoView?.({ block: 'center' });
  if (first.matches('input, select, textarea, button, [tabindex], [contenteditable="true"]')) first.focus({ preventScroll: true });
  return true;
}
