/// <reference lib="dom" />
/**
 * The sponsor's image file as the panel sends it: a data URL in the JSON body (domain/stream_state.ts keeps
 * images so). Every declaration is exported so that the page can inline this module.
 */

/** A file as a data URL (the sponsor's image is stored so, and sent in the JSON body). */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
