/** Whether leaving the page now would ask first: a cancelable beforeunload that a listener cancels. */
export function leavingAsks() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}
