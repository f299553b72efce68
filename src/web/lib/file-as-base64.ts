/**
 * A file's bytes as base64 (no `data:` prefix), for an upload's JSON body: the server reads the
 * file's type from its bytes, never from its name or what the browser says. Converted in slices of
 * 32 KB, as `String.fromCharCode` takes one argument per byte.
 */
export async function fileAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}
