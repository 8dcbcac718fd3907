/**
 * Small helpers for editor values that do not load Lexical, so forms and lists can use them
 * without pulling the editor into their bundle.
 */

/** True when the value is a serialized editor state (as opposed to plain text or HTML). */
export function isEditorStateJson(value: string | null | undefined): value is string {
  if (!value || value.trimStart()[0] !== '{') return false;
  try {
    const root = JSON.parse(value)?.root;
    return typeof root === 'object' && root !== null && Array.isArray(root.children);
  } catch {
    return false;
  }
}

/** Only http and https links (with a dotted host name) are accepted in the editor. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}
