/** gzip then base64: API Gateway takes binary bodies as base64, and large row sets shrink ~10×. */
export async function gzipBase64(text: string): Promise<string> {
  // A hand-made stream rather than Blob.stream(): not every runtime the tests use has the latter.
  const input = new TextEncoder().encode(text);
  const source = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(input);
      controller.close();
    },
  });
  const stream = source.pipeThrough(new CompressionStream('gzip'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return bytesToBase64(bytes);
}

export function bytesToBase64(bytes: Uint8Array): string {
  // btoa takes a binary string; building it in chunks keeps String.fromCharCode under the argument limit.
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}
