/** Copies text to the clipboard; falls back to a hidden textarea where the API is missing. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied (insecure context, no permission): try the old way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** The clipboard's text, or null where reading it is not allowed. */
export async function pasteText(): Promise<string | null> {
  try {
    const text = await navigator.clipboard?.readText();
    return text?.trim() ? text.trim() : null;
  } catch {
    return null;
  }
}
