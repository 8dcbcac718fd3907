/** A full page load (drops every client cache); its own module so tests can stand in for it. */
export function hardNavigate(url: string) {
  window.location.assign(url);
}
