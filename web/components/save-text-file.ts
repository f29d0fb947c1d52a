/** Saves `text` as a download called `fileName`, as a link with `download` would. */
export function saveTextFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the browser has taken the file by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
